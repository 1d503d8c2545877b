import { CARD_REPAYMENT } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_BANK_CARDS, DEMO_BORROWERS } from '../src/db/demo/index.ts';
import { FIXTURE_KINDS, type FixtureKind } from '../src/routes/dev/fixtures.ts';
import { MAIN, NOT_FOUND_EN, UNAUTHORIZED_EN, call } from './helpers/calls.ts';
import { totpCode } from '../src/lib/totp.ts';
import { BACKENDS, envelopeOf, form, useTestApp } from './helpers/setup.ts';

// POST /dev/fixtures/order (routes/dev/fixtures.ts): the e2e suite's own borrowers and orders, demo mode only.

const FIXTURE = '/dev/fixtures/order';
const DETAIL = '/v3/loan-details/detail';
const WAY = `${CARD_REPAYMENT}/repayment-way`;

interface Fixture {
  tok: string;
  phone: string;
  orderNo: string;
  productId: number;
  status: number;
  cards: { otp: string; direct: string };
}
interface Details {
  orderStatus: number;
  amount: number;
  isScore: number;
  userOrderDetail: { detail: { text: string; value: string }[] };
}

/** Every column of an order that says what state it is in (not who owns it, its number or when it was written). */
const STATE_COLUMNS = `product_id, status, principal, interest_amount, service_fee, amount_due, paid_amount, term_days, daily_rate_bp,
  instalment_count, is_delay, extension_fee, extension_days, repay_url, applied_at, disbursed_at, due_date::text AS due_date,
  settled_at, late_penalty_paid, late_interest_paid, extension_fees_paid, extension_count`;

describe.each(BACKENDS)('POST /dev/fixtures/order (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const make = (fields: Record<string, string>, lang: 'en' | 'id' = 'en') => call<Fixture>(ctx, FIXTURE, fields, { lang });
  const orderState = async (orderNo: string) => {
    const [order] = await ctx.db.query(`SELECT ${STATE_COLUMNS} FROM orders WHERE order_no = $1`, [orderNo]);
    const instalments = await ctx.db.query(
      'SELECT period_no, principal, interest, amount, due_date::text AS due_date, status, paid_at FROM instalments WHERE order_no = $1 ORDER BY period_no',
      [orderNo],
    );
    return { order, instalments };
  };

  it.each(Object.keys(FIXTURE_KINDS) as FixtureKind[])(
    '%s: a new borrower and session, and an order in exactly the state of the demo order it copies',
    async (kind) => {
      const made = await make({ kind });
      expect([made.status, made.code, made.message]).toEqual([200, '00', 'Success']);
      const demoOrder = FIXTURE_KINDS[kind];
      expect(made.data.orderNo).toMatch(new RegExp(`^${demoOrder}-[0-9A-F]{10}$`));
      expect(made.data.phone).toMatch(/^137\d{8}$/);
      expect(made.data.tok).toMatch(/^[\w-]{43}$/);
      expect(made.data.tok).not.toBe(MAIN);
      const demo = await orderState(demoOrder);
      expect(demo.order).toBeTruthy();
      // Same clock as the seed (the suite's manual clock), so the dates match too.
      expect(await orderState(made.data.orderNo)).toEqual(demo);
      expect(made.data).toMatchObject({ status: demo.order!.status, productId: demo.order!.product_id });

      // The session is the new borrower's: it opens the new order as the demo borrower sees the demo order, and
      // the demo order is "not found" for it (and the other way round).
      const own = await call<Details>(ctx, DETAIL, { productId: '1', orderId: made.data.orderNo }, { tok: made.data.tok, lang: 'en' });
      const theirs = await call<Details>(ctx, DETAIL, { productId: '1', orderId: demoOrder }, { tok: MAIN, lang: 'en' });
      expect(own.code).toBe('00');
      expect({ ...own.data, orderId: undefined }).toEqual({ ...theirs.data, orderId: undefined });
      expect(await call(ctx, DETAIL, { productId: '1', orderId: demoOrder }, { tok: made.data.tok, lang: 'en' })).toMatchObject(
        NOT_FOUND_EN,
      );
      expect(await call(ctx, DETAIL, { productId: '1', orderId: made.data.orderNo }, { tok: MAIN, lang: 'en' })).toMatchObject(
        NOT_FOUND_EN,
      );
    },
  );

  it('every fixture borrower has the two demo cards (SMS-code card and direct card), verified and listed', async () => {
    const made = await make({ kind: 'legacy' });
    expect(made.data.cards).toEqual({ otp: DEMO_BANK_CARDS.otp.last4, direct: DEMO_BANK_CARDS.direct.last4 });
    const way = await call<{ cards: { cardNo: string }[] }>(ctx, WAY, { orderId: made.data.orderNo }, { tok: made.data.tok, lang: 'en' });
    expect(way.code).toBe('00');
    expect(way.data.cards.map((c) => c.cardNo)).toEqual(['**** **** **** 2222', '**** **** **** 4444']);
  });

  it('two fixtures are two borrowers; with tok the order goes to that fixture borrower', async () => {
    const a = await make({ kind: 'settled' });
    const b = await make({ kind: 'settled' });
    expect(b.data.phone).not.toBe(a.data.phone);
    expect(b.data.orderNo).not.toBe(a.data.orderNo);
    const more = await make({ kind: 'legacySettled', tok: a.data.tok });
    expect(more.code).toBe('00');
    expect(more.data).toMatchObject({ tok: a.data.tok, phone: a.data.phone, status: 4 });
    const owners = await ctx.db.query<{ borrower_id: number }>('SELECT DISTINCT borrower_id FROM orders WHERE order_no = ANY($1::text[])', [
      [a.data.orderNo, more.data.orderNo],
    ]);
    expect(owners).toHaveLength(1);
  });

  it('tok of a demo borrower or an unknown session: UNAUTHORIZED, nothing written', async () => {
    const before = await ctx.db.query('SELECT count(*)::int AS n FROM orders');
    for (const tok of [MAIN, DEMO_BORROWERS.second.token, 'no-such-session']) {
      const r = await make({ kind: 'early', tok });
      expect([r.status, { code: r.code, data: r.data, message: r.message }]).toEqual([401, UNAUTHORIZED_EN]);
    }
    expect(await ctx.db.query('SELECT count(*)::int AS n FROM orders')).toEqual(before);
  });

  it('rated: the settled order does not ask for a rating; without it, it does (isScore)', async () => {
    const rated = await make({ kind: 'settled', rated: '1' });
    const unrated = await make({ kind: 'settled' });
    const isScore = async (f: Fixture) =>
      (await call<Details>(ctx, DETAIL, { productId: '1', orderId: f.orderNo }, { tok: f.tok, lang: 'en' })).data.isScore;
    expect(await isScore(rated.data)).toBe(0);
    expect(await isScore(unrated.data)).toBe(1);
  });

  it('an unknown or missing kind: BAD_REQUEST naming the field, in both languages', async () => {
    const en = await make({ kind: 'paid-twice' });
    expect([en.status, { code: en.code, data: en.data, message: en.message }]).toEqual([
      400,
      { code: 'BAD_REQUEST', data: null, message: 'Invalid value for field: kind.' },
    ]);
    const id = await make({}, 'id');
    expect([id.status, { code: id.code, data: id.data, message: id.message }]).toEqual([
      400,
      { code: 'BAD_REQUEST', data: null, message: 'Kolom wajib belum diisi: kind.' },
    ]);
  });

  it('complaint: a collection complaint filed ageDays ago by a new borrower about its own overdue order', async () => {
    const made = await call<{ problemId: number; tok: string; orderNo: string; text: string }>(
      ctx,
      '/dev/fixtures/complaint',
      { ageDays: '7' },
      { lang: 'en' },
    );
    expect([made.code, made.message]).toEqual(['00', 'Success']);
    expect(made.data.orderNo).toMatch(new RegExp(`^${FIXTURE_KINDS.overdue}-[0-9A-F]{10}$`));
    const [row] = await ctx.db.query<{
      order_no: string;
      problem_type: number;
      problem_sub_type: number;
      detail: string;
      created_at: Date;
    }>('SELECT order_no, problem_type, problem_sub_type, detail, created_at FROM complaints WHERE id = $1', [made.data.problemId]);
    expect(row).toMatchObject({ order_no: made.data.orderNo, problem_type: 1, problem_sub_type: 1, detail: made.data.text });
    expect(ctx.clock.now().getTime() - row!.created_at.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    // The borrower's own complaint, and nobody else's.
    const list = await call<{ problemId: number }[]>(ctx, '/user-problem/problem-list', {}, { tok: made.data.tok, lang: 'en' });
    expect(list.code).toBe('00');
    expect(JSON.stringify(list.data)).toContain(String(made.data.problemId));
    const bad = await call(ctx, '/dev/fixtures/complaint', { ageDays: '-1' }, { lang: 'en' });
    expect(bad.code).not.toBe('00');
  });

  it('operator: two accounts of their own sign in within one 30 s step, each with its own code; another code is refused', async () => {
    const made = await Promise.all(
      (['support', 'support', 'marketing'] as const).map((role) =>
        call<{ username: string; password: string; totpSecret: string; role: string }>(
          ctx,
          '/dev/fixtures/operator',
          { role },
          { lang: 'en' },
        ),
      ),
    );
    expect(made.map((m) => m.code)).toEqual(['00', '00', '00']);
    expect(new Set(made.map((m) => m.data.username)).size).toBe(3);
    expect(new Set(made.map((m) => m.data.totpSecret)).size).toBe(3);
    for (const m of made) expect(m.data.username).toMatch(new RegExp(`^e2e-${m.data.role}-[0-9a-f]{8}$`));
    const signIn = async (account: { username: string; password: string }, secret: string) => {
      const first = await ctx.app.inject({
        method: 'POST',
        url: '/ops/api/login',
        ...form({ username: account.username, password: account.password }),
      });
      const step1 = envelopeOf(first) as { code: string; data: { step: string; challenge: string } };
      expect([step1.code, step1.data.step]).toEqual(['00', 'code']);
      const code = totpCode(secret, ctx.clock.now());
      const second = await ctx.app.inject({
        method: 'POST',
        url: '/ops/api/login/code',
        ...form({ challenge: step1.data.challenge, code }),
      });
      return envelopeOf(second) as { code: string; message: string; data: { username: string; role: string } };
    };
    // The second account's own code, in the same step as the first account's: no wait.
    for (const m of made) {
      const session = await signIn(m.data, m.data.totpSecret);
      expect([session.code, session.data.username, session.data.role]).toEqual(['00', m.data.username, m.data.role]);
    }
    // Another account's code is not this one's.
    const other = await signIn(made[0]!.data, made[1]!.data.totpSecret);
    expect(other.code).not.toBe('00');
    const bad = await call(ctx, '/dev/fixtures/operator', { role: 'admin' }, { lang: 'en' });
    expect(bad.code).not.toBe('00');
  });

  it('is a 404 outside demo mode, like every /dev route', async () => {
    const prod = buildApp({
      db: ctx.db,
      demo: false,
      shellDir: ctx.shellDir,
      releasesDir: ctx.releasesDir,
      logger: false,
      paymentWebhookSecret: 'a-production-secret-of-enough-length',
    });
    try {
      const before = await ctx.db.query('SELECT count(*)::int AS n FROM borrowers');
      const res = await prod.inject({
        method: 'POST',
        url: `${FIXTURE}?isNeedPop=1`,
        payload: 'kind=settled',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(404);
      expect(envelopeOf(res)).toEqual(NOT_FOUND_EN);
      expect(await ctx.db.query('SELECT count(*)::int AS n FROM borrowers')).toEqual(before);
    } finally {
      await prod.close();
    }
  });
});
