import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createOperatorSession } from '../../src/repositories/operators.ts';
import { envelopeOf, type TestContext } from './setup.ts';

/** Support console tests: operators with live sessions, and calls with their bearer token. */

export type Envelope<T = Record<string, unknown>> = { status: number; code: string; data: T; message: string; res: LightMyRequestResponse };

/** An operator (created when missing; the password is never used) and a fresh session token. */
export async function operatorToken(
  ctx: TestContext,
  username: string,
  role: 'support' | 'marketing' = 'support',
): Promise<{ id: number; token: string }> {
  await ctx.db.query(
    `INSERT INTO operators (username, password_hash, role) VALUES ($1, 'scrypt$unused', $2) ON CONFLICT (username) DO NOTHING`,
    [username, role],
  );
  const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM operators WHERE username = $1', [username]);
  const { token } = await createOperatorSession(ctx.db, row!.id, ctx.clock.now());
  return { id: row!.id, token };
}

function wrap<T>(res: LightMyRequestResponse): Envelope<T> {
  const e = envelopeOf(res) as { code: string; data: T; message: string };
  return { status: res.statusCode, code: e.code, data: e.data, message: e.message, res };
}

export async function consoleGet<T = Record<string, unknown>>(
  ctx: TestContext,
  path: string,
  query: Record<string, string | number>,
  token?: string,
  lang: 'en' | 'id' = 'en',
): Promise<Envelope<T>> {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await ctx.app.inject({
    method: 'GET',
    url: q ? `${path}?${q}` : path,
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return wrap<T>(res);
}

export async function consolePost<T = Record<string, unknown>>(
  ctx: TestContext,
  path: string,
  body: Record<string, unknown>,
  token?: string,
  options: { lang?: 'en' | 'id'; ip?: string } = {},
): Promise<Envelope<T>> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: path,
    payload: body,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { 'accept-language': options.lang ?? 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return wrap<T>(res);
}

/** A complaint written straight into the table, so its arrival time is exact. */
export async function insertComplaint(
  ctx: TestContext,
  c: {
    createdAt: string;
    borrowerPhone?: string;
    orderNo?: string | null;
    type?: number;
    subType?: number | null;
    text?: string;
    answered?: boolean;
  },
): Promise<number> {
  const [b] = await ctx.db.query<{ id: number }>('SELECT id FROM borrowers WHERE phone = $1', [c.borrowerPhone ?? '13800000000']);
  const answered = c.answered ?? false;
  const [row] = await ctx.db.query<{ id: number }>(
    `INSERT INTO complaints (borrower_id, order_no, problem_type, problem_sub_type, detail, created_at, state, dispose_detail, disposed_at, dispose_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      b!.id,
      c.orderNo ?? null,
      c.type ?? 2,
      c.subType ?? null,
      c.text ?? 'My repayment is not showing',
      c.createdAt,
      answered ? 'processed' : 'processing',
      answered ? 'Fixed' : null,
      answered ? c.createdAt : null,
      answered ? 'ops-support' : null,
    ],
  );
  return Number(row!.id);
}

export async function insertContact(
  ctx: TestContext,
  m: { createdAt: string; name?: string; phone?: string; message?: string; email?: string },
): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>(
    `INSERT INTO contact_messages (source, name, email, phone, message, lang, address_hash, created_at)
     VALUES ('contact', $1, $2, $3, $4, 'en', 'x', $5) RETURNING id`,
    [m.name ?? 'Asha Rao', m.email ?? '', m.phone ?? '9876543210', m.message ?? 'When will my money arrive?', m.createdAt],
  );
  return Number(row!.id);
}

/** Empties the queue (complaints and contact messages) between groups of a suite. */
export async function clearQueue(ctx: TestContext): Promise<void> {
  await ctx.db.query('DELETE FROM complaints');
  await ctx.db.query('DELETE FROM contact_messages');
  await ctx.db.query('DELETE FROM ops_notes');
}

export function expectOk<T>(e: Envelope<T>): T {
  expect(e.code, e.res.body).toBe('00');
  expect(e.status).toBe(200);
  return e.data;
}
