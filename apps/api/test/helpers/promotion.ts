import { CAPTCHA_IMAGE_PATH } from '@lendview/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { envelopeOf, form, type TestContext } from './setup.ts';

export const SEG = '/api/v2/lendview';

export interface PromoCallOptions {
  /** Client IP (each test uses its own so the per-IP limits of one test do not touch another). */
  ip?: string;
  /** 'en' adds isNeedPop=1; default Indonesian. */
  lang?: 'en' | 'id';
}

const q = (o: PromoCallOptions) => (o.lang === 'en' ? 'isNeedPop=1' : '');
const withQuery = (path: string, query: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path);

export async function promoGet(ctx: TestContext, path: string, params: Record<string, string> = {}, o: PromoCallOptions = {}) {
  const query = [new URLSearchParams(params).toString(), q(o)].filter(Boolean).join('&');
  const res = await ctx.app.inject({ method: 'GET', url: withQuery(path, query), remoteAddress: o.ip ?? '127.0.0.1' });
  return { res, status: res.statusCode, ...envelopeOf(res) };
}

export async function promoPost(ctx: TestContext, path: string, fields: Record<string, string>, o: PromoCallOptions = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: withQuery(path, q(o)), remoteAddress: o.ip ?? '127.0.0.1', ...form(fields) });
  return { res, status: res.statusCode, ...envelopeOf(res) };
}

/** A new captcha: its sid and (through the demo-only hook) its answer. */
export async function newCaptcha(ctx: TestContext, o: PromoCallOptions = {}): Promise<{ sid: string; answer: string }> {
  const sid = await promoGet(ctx, `${SEG}/promotion/get-sid`, {}, o);
  if (sid.code !== 0) throw new Error(`get-sid failed: ${sid.res.body}`);
  const { sid: id } = sid.data as { sid: string };
  const answer = await promoGet(ctx, '/dev/captcha-answer', { sid: id });
  return { sid: id, answer: (answer.data as { answer: string }).answer };
}

export function captchaImage(ctx: TestContext, sid: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url: `${CAPTCHA_IMAGE_PATH}?sid=${encodeURIComponent(sid)}&timestamp=${Date.now()}` });
}

export const smsFields = (phone: string, c: { sid: string; answer: string }, extra: Record<string, string> = {}) => ({
  phone,
  capcode: c.answer,
  sid: c.sid,
  deviceId: 'dev-1',
  appName: 'LendView',
  app_from: 'landing',
  user_from: 'fb-ads',
  utm_tag: 'spring',
  ...extra,
});

export const getSms = (ctx: TestContext, fields: Record<string, string>, o: PromoCallOptions = {}) =>
  promoPost(ctx, `${SEG}/promotion/get-sms`, fields, o);

export const registerCall = (ctx: TestContext, fields: Record<string, string>, o: PromoCallOptions = {}) =>
  promoPost(ctx, `${SEG}/promotion/register`, fields, o);

export const registerFields = (phone: string, c: { sid: string; answer: string }, smsCode: string, extra: Record<string, string> = {}) => ({
  phone,
  capcode: c.answer,
  sid: c.sid,
  smsCode,
  deviceId: 'dev-1',
  appName: 'LendView',
  merchantNumber: '0',
  userName: phone,
  invite_code: 'FRIEND42',
  user_from: 'fb-ads',
  id: '1',
  app_from: 'landing',
  utm_tag: 'spring',
  ...extra,
});

/** SMS texts written to the outbox for a phone and purpose, oldest first. */
export async function outbox(ctx: TestContext, phone: string, purpose = 'register'): Promise<string[]> {
  const rows = await ctx.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 AND purpose = $2 ORDER BY id', [
    phone,
    purpose,
  ]);
  return rows.map((r) => r.body);
}

export async function lastCode(ctx: TestContext, phone: string, purpose = 'register'): Promise<string> {
  const bodies = await outbox(ctx, phone, purpose);
  const m = /\b(\d{6})\b/.exec(bodies.at(-1) ?? '');
  if (!m) throw new Error(`no ${purpose} code for ${phone}`);
  return m[1]!;
}

export const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let phoneSeq = 0;
/** A phone nobody has registered: 1360xxxxxxx is reserved for these tests. */
export const freshPhone = () => `1360${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(4, '0')}`;
let ipSeq = 0;
export const freshIp = () => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${++ipSeq}`;
