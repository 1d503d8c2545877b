import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newBorrower, withKeyFacts } from './helpers/calls.ts';
import { signInOperator } from './helpers/operators.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import { DEMO_OPERATORS } from '../src/db/demo/index.ts';
import { anyOf, stringMatching } from './helpers/matchers.ts';

const CONFIRM = '/v3/loan-confirm/loan-detail-confirm';
const PUSH = '/v3/loan-confirm/loan-detail-push';
const KEY_FACTS = '/v3/loan-confirm/key-facts';
const SEND = '/v3/loan-confirm/send-sms';
const CONSENTS = '/ops/api/consents';

const pushFields = (extra: Record<string, string> = {}) => ({
  amount: '300000000',
  periods: '91',
  termUnit: 'day',
  productId: '1',
  loanType: '1',
  ...extra,
});

/** A confirm after opening the key facts statement of the same offer, as the page always does (issue 18). */
async function confirmWithKfs<T = unknown>(ctx: TestContext, fields: Record<string, string>, o: { tok?: string; lang?: 'en' | 'id' }) {
  return call<T>(ctx, PUSH, await withKeyFacts(ctx, fields, o), o);
}

async function shownHash(ctx: TestContext, id: number, lang: 'en' | 'id') {
  const [row] = await ctx.db.query<{ title: string; body: string }>(
    `SELECT title_${lang} AS title, body_${lang} AS body FROM contracts WHERE id = $1`,
    [id],
  );
  return createHash('sha256').update(`${row!.title}\n\n${row!.body}`).digest('hex');
}

/** A push as the app sends it: token and device in headers, app version and the rest in the shared query. */
async function pushAsApp(ctx: TestContext, tok: string, fields: Record<string, string>, lang: 'en' | 'id' = 'en') {
  const f = form('keyFacts' in fields ? fields : await withKeyFacts(ctx, fields, { tok, lang }));
  const q = new URLSearchParams({ aVer: '3.4.0', dId: 'query-device' });
  if (lang === 'en') q.set('isNeedPop', '1');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${PUSH}?${q.toString()}`,
    payload: f.payload,
    headers: {
      ...f.headers,
      'x-lv-token': tok,
      'x-lv-device': 'device-ABC',
      'user-agent': 'LendView-iOS/3.4.0',
      'x-forwarded-for': '198.51.100.7',
    },
    remoteAddress: '203.0.113.5',
  });
  return { status: res.statusCode, ...envelopeOf(res) };
}

async function operatorToken(ctx: TestContext, who: 'support' | 'marketing') {
  const op = DEMO_OPERATORS[who];
  return signInOperator(ctx, op);
}

async function consents(ctx: TestContext, orderNo: string, token?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${CONSENTS}?orderNo=${encodeURIComponent(orderNo)}&isNeedPop=1`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, ...envelopeOf(res) };
}

describe.each(BACKENDS)('consent record of loan confirmation (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it('confirming writes what was accepted, when, from which device, address and app version; operators read it', async () => {
    const b = await newBorrower(ctx);
    const confirm = await call<{ agreements: { id: number; sha256: string }[] }>(ctx, CONFIRM, { productId: '1' }, { tok: b.tok });
    const shown = confirm.data.agreements.map((a) => `${a.id}:${a.sha256}`).join(',');
    const kfs = await call<{ sha256: string }>(ctx, KEY_FACTS, { productId: '1', amount: '300000000', periods: '91' }, { tok: b.tok });
    const r = await pushAsApp(ctx, b.tok, pushFields({ agreements: shown, keyFacts: kfs.data.sha256 }), 'id');
    expect(r.code).toBe('00');
    const orderNo = (r.data as { orderId: string }).orderId;

    const support = await operatorToken(ctx, 'support');
    const list = await consents(ctx, orderNo, support);
    expect(list.status).toBe(200);
    expect(list.data).toEqual({
      items: [
        {
          id: anyOf(Number),
          orderNo,
          borrower: `${b.phone.slice(0, 3)}****${b.phone.slice(-4)}`,
          productId: 1,
          amount: 300_000_000,
          termDays: 91,
          documents: [
            { kind: 'agreement', id: '1', version: stringMatching(/^v-[0-9a-f]{12}$/), sha256: await shownHash(ctx, 1, 'id') },
            { kind: 'agreement', id: '2', version: stringMatching(/^v-[0-9a-f]{12}$/), sha256: await shownHash(ctx, 2, 'id') },
            { kind: 'agreement', id: '3', version: stringMatching(/^v-[0-9a-f]{12}$/), sha256: await shownHash(ctx, 3, 'id') },
            // The key facts statement the borrower opened (issue 18): its version and the hash the statement carried.
            { kind: 'kfs', id: 'kfs', version: 'kfs-2026-11', sha256: kfs.data.sha256 },
          ],
          lang: 'id',
          // The header wins over the query, as for every call.
          deviceId: 'device-ABC',
          // The socket address: X-Forwarded-For is not trusted without TRUST_PROXY.
          ip: '203.0.113.5',
          appVersion: '3.4.0',
          userAgent: 'LendView-iOS/3.4.0',
          verifiedBy: 'session',
          repeated: false,
          createdAt: ctx.clock.now().toISOString(),
        },
      ],
    });
    // The version does not depend on the language; the hash does.
    const docs = (list.data as { items: { documents: { version: string; sha256: string }[] }[] }).items[0]!.documents;
    expect(docs[0]!.sha256).not.toBe(await shownHash(ctx, 1, 'en'));

    // A repeated confirm of the same offer (a double tap, a retry) answers the same order and records nothing new
    // (issue 34: 200 identical confirmations made 200 permanent records).
    ctx.clock.advance(5_000);
    const again = await pushAsApp(ctx, b.tok, pushFields({ agreements: shown }), 'id');
    expect((again.data as { orderId: string }).orderId).toBe(orderNo);
    const still = (await consents(ctx, orderNo, support)).data as { items: { repeated: boolean }[] };
    expect(still.items.map((i) => i.repeated)).toEqual([false]);
  });

  it('issue 34: 30 identical confirmations at once are one order and one consent; beyond 20 in 10 minutes, 429', async () => {
    const b = await newBorrower(ctx);
    const fields = await withKeyFacts(ctx, pushFields(), { tok: b.tok, lang: 'en' });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => call<{ orderId: string }>(ctx, PUSH, fields, { tok: b.tok, lang: 'en' })),
    );
    const ok = results.filter((r) => r.code === '00');
    const limited = results.filter((r) => r.status === 429);
    expect([ok.length, limited.length]).toEqual([20, 10]);
    expect(limited[0]!.code).toBe('RATE_LIMITED');
    expect(limited[0]!.message).toBe('Too many requests. Please try again in 10 minutes.');
    expect(new Set(ok.map((r) => r.data.orderId)).size).toBe(1);
    const rows = await ctx.db.query<{ order_no: string; repeated: boolean }>(
      'SELECT order_no, repeated FROM loan_consents WHERE borrower_id = $1',
      [b.id],
    );
    expect(rows).toEqual([{ order_no: ok[0]!.data.orderId, repeated: false }]);
    // Ten minutes later the borrower can confirm again (the same order answers; still one record).
    ctx.clock.advance(10 * 60_000 + 1_000);
    const later = await call<{ orderId: string }>(ctx, PUSH, await withKeyFacts(ctx, pushFields(), { tok: b.tok, lang: 'en' }), {
      tok: b.tok,
      lang: 'en',
    });
    expect([later.code, later.data.orderId]).toEqual(['00', ok[0]!.data.orderId]);
    expect(await ctx.db.query('SELECT 1 FROM loan_consents WHERE borrower_id = $1', [b.id])).toHaveLength(1);
  });

  it('agreements that changed since the page showed them are refused, and nothing is created', async () => {
    const b = await newBorrower(ctx);
    const confirm = await call<{ agreements: { id: number; sha256: string }[] }>(
      ctx,
      CONFIRM,
      { productId: '1' },
      { tok: b.tok, lang: 'en' },
    );
    // The page showed the English texts; the push says Indonesian, whose texts hash differently.
    const shownEn = confirm.data.agreements.map((a) => `${a.id}:${a.sha256}`).join(',');
    const stale = await pushAsApp(ctx, b.tok, pushFields({ agreements: shownEn }), 'id');
    expect({ status: stale.status, code: stale.code, data: stale.data, message: stale.message }).toEqual({
      status: 409,
      code: 'CONFLICT',
      data: null,
      message: 'Perjanjian telah berubah. Silakan baca kembali sebelum Anda mengonfirmasi.',
    });
    const missingOne = await pushAsApp(ctx, b.tok, pushFields({ agreements: shownEn.split(',').slice(0, 2).join(',') }));
    expect({ status: missingOne.status, message: missingOne.message }).toEqual({
      status: 409,
      message: 'The agreement has changed. Please read it again before you confirm.',
    });
    const malformed = await pushAsApp(ctx, b.tok, pushFields({ agreements: '1:nothex' }));
    expect({ status: malformed.status, code: malformed.code, message: malformed.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid value for field: agreements.',
    });
    expect(await ctx.db.query('SELECT 1 FROM orders WHERE borrower_id = $1', [b.id])).toEqual([]);
    expect(await ctx.db.query('SELECT 1 FROM loan_consents WHERE borrower_id = $1', [b.id])).toEqual([]);
  });

  it('the record is immutable: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const b = await newBorrower(ctx);
    const r = await pushAsApp(ctx, b.tok, pushFields());
    const orderNo = (r.data as { orderId: string }).orderId;
    await expect(ctx.db.query("UPDATE loan_consents SET ip = '0.0.0.0' WHERE order_no = $1", [orderNo])).rejects.toThrow(/insert-only/);
    await expect(ctx.db.query('DELETE FROM loan_consents WHERE order_no = $1', [orderNo])).rejects.toThrow(/insert-only/);
    await expect(ctx.db.exec('TRUNCATE loan_consents')).rejects.toThrow(/insert-only/);
    const [row] = await ctx.db.query<{ ip: string }>('SELECT ip FROM loan_consents WHERE order_no = $1', [orderNo]);
    expect(row!.ip).toBe('203.0.113.5');
  });

  it('operators: support reads, marketing is FORBIDDEN, no token is UNAUTHORIZED; an order without records is an empty list', async () => {
    expect((await consents(ctx, 'DEMO-170', await operatorToken(ctx, 'support'))).data).toEqual({ items: [] });
    const marketing = await consents(ctx, 'DEMO-170', await operatorToken(ctx, 'marketing'));
    expect({ status: marketing.status, code: marketing.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const anonymous = await consents(ctx, 'DEMO-170');
    expect({ status: anonymous.status, code: anonymous.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    // A borrower's session is not an operator's.
    const borrower = await ctx.app.inject({ method: 'GET', url: `${CONSENTS}?orderNo=DEMO-170&tok=demo-borrower` });
    expect(borrower.statusCode).toBe(401);
  });

  it('without CONFIRM_STEP_UP the confirm says sendSms 0 and send-sms does not exist', async () => {
    const b = await newBorrower(ctx);
    const c = await call<{ sendSms: number }>(ctx, CONFIRM, { productId: '1' }, { tok: b.tok });
    expect(c.data.sendSms).toBe(0);
    const s = await call(ctx, SEND, { productId: '1' }, { tok: b.tok, lang: 'en' });
    expect({ status: s.status, code: s.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

describe.each(BACKENDS)('step-up SMS code on confirm, CONFIRM_STEP_UP=1 (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { confirmStepUp: true } });

  const lastCode = async (phone: string) => {
    const [row] = await ctx.db.query<{ body: string; purpose: string }>(
      'SELECT body, purpose FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [phone],
    );
    expect(row!.purpose).toBe('confirm');
    return /(\d{6})/.exec(row!.body)![1]!;
  };

  it('confirm needs the code sent to the borrower’s own phone; wrong, reused and expired codes are refused', async () => {
    const b = await newBorrower(ctx);
    const c = await call<{ sendSms: number }>(ctx, CONFIRM, { productId: '1' }, { tok: b.tok });
    expect(c.data.sendSms).toBe(1);

    const none = await confirmWithKfs(ctx, pushFields(), { tok: b.tok, lang: 'en' });
    expect({ status: none.status, code: none.code, message: none.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Please enter the verification code we sent to your phone.',
    });
    const notRequested = await confirmWithKfs(ctx, pushFields({ smsCode: '123456' }), { tok: b.tok, lang: 'en' });
    expect(notRequested.message).toBe('Please request a verification code first.');

    const sent = await call(ctx, SEND, { productId: '1' }, { tok: b.tok, lang: 'en' });
    const masked = `${b.phone.slice(0, 3)}****${b.phone.slice(-4)}`;
    expect({ code: sent.code, data: sent.data, message: sent.message }).toEqual({
      code: '00',
      data: { sent: true, resendAfter: 60, phoneMasked: masked },
      message: `A verification code has been sent to ${masked}.`,
    });
    const code = await lastCode(b.phone);
    const [sms] = await ctx.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [b.phone]);
    expect(sms!.body).toBe(
      `Your LendView code to confirm your loan is ${code}. It expires in 5 minutes. Never share it with anyone, not even LendView staff.`,
    );
    // Stored hashed only.
    expect(JSON.stringify(await ctx.db.query('SELECT * FROM confirm_codes WHERE borrower_id = $1', [b.id]))).not.toContain(`"${code}"`);

    const again = await call(ctx, SEND, { productId: '1' }, { tok: b.tok, lang: 'en' });
    expect({ status: again.status, code: again.code, message: again.message }).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Do not send the code repeatedly! Please try again in 60 seconds.',
    });

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await confirmWithKfs(ctx, pushFields({ smsCode: wrongCode }), { tok: b.tok, lang: 'en' });
    expect({ status: wrong.status, message: wrong.message }).toEqual({
      status: 400,
      message: 'The verification code is incorrect. 4 attempts left.',
    });
    expect(await ctx.db.query('SELECT 1 FROM orders WHERE borrower_id = $1', [b.id])).toEqual([]);

    const ok = await confirmWithKfs<{ orderId: string }>(ctx, pushFields({ smsCode: code }), { tok: b.tok, lang: 'en' });
    expect(ok.code).toBe('00');
    const [consent] = await ctx.db.query<{ verified_by: string }>('SELECT verified_by FROM loan_consents WHERE order_no = $1', [
      ok.data.orderId,
    ]);
    expect(consent!.verified_by).toBe('sms');

    const reused = await confirmWithKfs(ctx, pushFields({ smsCode: code }), { tok: b.tok, lang: 'en' });
    expect({ status: reused.status, message: reused.message }).toEqual({
      status: 400,
      message: 'This verification code has already been used. Please request a new code.',
    });

    ctx.clock.advance(61_000);
    await call(ctx, SEND, { productId: '1' }, { tok: b.tok });
    const later = await lastCode(b.phone);
    ctx.clock.advance(5 * 60_000);
    const expired = await confirmWithKfs(ctx, pushFields({ smsCode: later }), { tok: b.tok });
    expect({ status: expired.status, message: expired.message }).toEqual({
      status: 400,
      message: 'Kode verifikasi sudah kedaluwarsa. Silakan minta kode baru.',
    });
  });

  it("a code is bound to its borrower and product: another borrower's code does not confirm", async () => {
    const a = await newBorrower(ctx);
    const other = await newBorrower(ctx);
    await call(ctx, SEND, { productId: '1' }, { tok: a.tok });
    const aCode = await lastCode(a.phone);
    const r = await confirmWithKfs(ctx, pushFields({ smsCode: aCode }), { tok: other.tok, lang: 'en' });
    expect({ status: r.status, message: r.message }).toEqual({ status: 400, message: 'Please request a verification code first.' });
    // Nor for another product of the same borrower.
    const p3 = await confirmWithKfs(ctx, pushFields({ productId: '3', amount: '300000000', periods: '120', smsCode: aCode }), {
      tok: a.tok,
      lang: 'en',
    });
    expect(p3.message).toBe('Please request a verification code first.');
    // a's code still works for a.
    expect((await confirmWithKfs(ctx, pushFields({ smsCode: aCode }), { tok: a.tok })).code).toBe('00');
  });

  it('five wrong codes kill the code', async () => {
    const b = await newBorrower(ctx);
    await call(ctx, SEND, { productId: '1' }, { tok: b.tok });
    const code = await lastCode(b.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await confirmWithKfs(ctx, pushFields({ smsCode: wrongCode }), { tok: b.tok, lang: 'en' });
    const r = await confirmWithKfs(ctx, pushFields({ smsCode: code }), { tok: b.tok, lang: 'en' });
    expect({ status: r.status, code: r.code, message: r.message }).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many incorrect attempts. Please request a new code.',
    });
  });
});
