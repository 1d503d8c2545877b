import type { LightMyRequestResponse } from 'fastify';
import { createSession } from '../../src/repositories/sessions.ts';
import { addBorrower, envelopeOf, form, type TestContext } from './setup.ts';

export interface CallOptions {
  /** Session token (query tok); none when undefined. */
  tok?: string;
  /** 'en' adds isNeedPop=1; default Indonesian. */
  lang?: 'en' | 'id';
  /** Send the token as X-Lv-Token instead of the query. */
  header?: boolean;
}

export function urlOf(path: string, o: CallOptions = {}, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(extra);
  if (o.tok && !o.header) q.set('tok', o.tok);
  if (o.lang === 'en') q.set('isNeedPop', '1');
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** A form-encoded POST as the pages send it (spec 7.1). */
export async function post(
  ctx: TestContext,
  path: string,
  fields: Record<string, string>,
  o: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const f = form(fields);
  return ctx.app.inject({
    method: 'POST',
    url: urlOf(path, o),
    payload: f.payload,
    headers: { ...f.headers, ...(o.header && o.tok ? { 'x-lv-token': o.tok } : {}) },
  });
}

/** post() and the envelope, checked to be exactly { code, data, message }. */
export async function call<T = unknown>(ctx: TestContext, path: string, fields: Record<string, string>, o: CallOptions = {}) {
  const res = await post(ctx, path, fields, o);
  return { res, status: res.statusCode, ...(envelopeOf(res) as { code: string | number; data: T; message: string }) };
}

let n = 0;
/** A fresh borrower with a live session; phones 1390000xxxx are reserved for these tests. */
export async function newBorrower(ctx: TestContext, isRepeatClient = false): Promise<{ id: number; phone: string; tok: string }> {
  n += 1;
  const phone = `139${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`;
  const id = await addBorrower(ctx.db, phone, isRepeatClient);
  const tok = await createSession(ctx.db, { borrowerId: id, now: ctx.clock.now() });
  return { id, phone, tok };
}

export const MAIN = 'demo-borrower';
export const SECOND = 'demo-borrower-2';
export const UNAUTHORIZED_EN = { code: 'UNAUTHORIZED', data: null, message: 'Your session has expired. Please log in again.' };
export const NOT_FOUND_EN = { code: 'NOT_FOUND', data: null, message: 'The requested resource was not found.' };
export const NOT_FOUND_ID = { code: 'NOT_FOUND', data: null, message: 'Data yang diminta tidak ditemukan.' };

/**
 * The confirm's fields after opening the key facts statement of the same offer (issue 18), as the /confirm page
 * does: `keyFacts` is the statement's sha256, asked with the same session and language as the confirm.
 */
export async function withKeyFacts(ctx: TestContext, fields: Record<string, string>, o: CallOptions = {}): Promise<Record<string, string>> {
  const r = await call<{ sha256: string }>(
    ctx,
    '/v3/loan-confirm/key-facts',
    { productId: fields.productId ?? '', amount: fields.amount ?? '', periods: fields.periods ?? '' },
    o,
  );
  if (r.code !== '00') throw new Error(`key-facts answered ${String(r.code)}: ${r.message}`);
  return { ...fields, keyFacts: r.data.sha256 };
}
