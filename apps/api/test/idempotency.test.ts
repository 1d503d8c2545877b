import { CARD_REPAYMENT } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { MAIN, SECOND, urlOf } from './helpers/calls.ts';
import { addOrder, borrowerIdOf, orderRow, paymentsOf } from './helpers/repay.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import { DEMO_BANK_CARDS } from '../src/db/demo/index.ts';
import { requestHashOf } from '../src/lib/idempotency.ts';

// Issue 40 item 1 (docs/api.md "Idempotent writes"): the copies of one tap carry one Idempotency-Key and are one write.
const COMMIT = `${CARD_REPAYMENT}/repayment-commit`;
const RATE = '/v3/loan-details/google-score';

async function send(ctx: TestContext, path: string, fields: Record<string, string>, o: { tok: string; key?: string; lang?: 'en' | 'id' }) {
  const f = form(fields);
  const res = await ctx.app.inject({
    method: 'POST',
    url: urlOf(path, { tok: o.tok, lang: o.lang ?? 'en' }),
    payload: f.payload,
    headers: { ...f.headers, ...(o.key !== undefined ? { 'idempotency-key': o.key } : {}) },
  });
  const e = envelopeOf(res);
  return { status: res.statusCode, replayed: res.headers['idempotent-replayed'] === 'true', ...e };
}

describe.each(BACKENDS)('idempotent borrower writes (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const order = async () =>
    addOrder(ctx, { borrowerId: await borrowerIdOf(ctx), status: 3, principal: 100_000_000, dueDate: '2026-04-01' });
  const commitFields = (orderNo: string, amount: number) => ({
    orderId: orderNo,
    cardId: String(DEMO_BANK_CARDS.direct.id),
    amount: String(amount),
    sendMsg: '0',
  });

  it('a card repayment retried after a lost answer: the same answer, one charge (without the key: 800005)', async () => {
    const { orderNo, amountDue } = await order();
    const first = await send(ctx, COMMIT, commitFields(orderNo, amountDue), { tok: MAIN, key: 'tap-0001-abcdef' });
    expect([first.code, first.message, first.replayed]).toEqual(['00', 'Repayment successful.', false]);
    const retry = await send(ctx, COMMIT, commitFields(orderNo, amountDue), { tok: MAIN, key: 'tap-0001-abcdef' });
    expect(retry).toEqual({ ...first, replayed: true });
    expect((await paymentsOf(ctx, orderNo)).filter((p) => p.state === 'paid')).toHaveLength(1);
    expect((await orderRow(ctx, orderNo)).paid_amount).toBe(amountDue);
    // A new tap (a new key) on the paid order is a new request, refused as before.
    const again = await send(ctx, COMMIT, commitFields(orderNo, amountDue), { tok: MAIN, key: 'tap-0002-abcdef' });
    expect(again.code).not.toBe('00');
  });

  it('20 concurrent copies of one tap: one charge, 20 identical answers, 19 of them replayed', async () => {
    const { orderNo, amountDue } = await order();
    const all = await Promise.all(
      Array.from({ length: 20 }, () => send(ctx, COMMIT, commitFields(orderNo, amountDue), { tok: MAIN, key: 'tap-burst-0001' })),
    );
    expect(all.map((r) => [r.code, r.message])).toEqual(Array.from({ length: 20 }, () => ['00', 'Repayment successful.']));
    expect(all.filter((r) => r.replayed)).toHaveLength(19);
    expect(new Set(all.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect((await paymentsOf(ctx, orderNo)).filter((p) => p.state === 'paid')).toHaveLength(1);
  });

  it('the same key with another request is refused, in the borrower language; never answered with the first answer', async () => {
    const first = await send(ctx, RATE, { score: '5' }, { tok: MAIN, key: 'rate-key-0001' });
    expect(first.code).toBe('00');
    const other = await send(ctx, RATE, { score: '2' }, { tok: MAIN, key: 'rate-key-0001', lang: 'id' });
    expect({ status: other.status, code: other.code, data: other.data, message: other.message }).toEqual({
      status: 409,
      code: 'CONFLICT',
      data: null,
      message: 'Permintaan ini tidak sama dengan yang dikirim sebelumnya dengan kunci yang sama. Silakan mulai lagi.',
    });
    const [rating] = await ctx.db.query<{ score: number }>('SELECT score FROM app_ratings WHERE borrower_id = $1 AND order_no IS NULL', [
      await borrowerIdOf(ctx),
    ]);
    expect(rating?.score).toBe(5);
  });

  it("another borrower's copy of a key is their own write; a malformed key is a 400", async () => {
    await send(ctx, RATE, { score: '4' }, { tok: MAIN, key: 'shared-key-0001' });
    const theirs = await send(ctx, RATE, { score: '3' }, { tok: SECOND, key: 'shared-key-0001' });
    expect([theirs.code, theirs.replayed]).toEqual(['00', false]);
    const bad = await send(ctx, RATE, { score: '3' }, { tok: MAIN, key: 'no spaces allowed' });
    expect([bad.status, bad.code, bad.message]).toEqual([400, 'BAD_REQUEST', 'Invalid value for field: Idempotency-Key.']);
  });

  it('a refusal keeps nothing: the key is free, and a retry asks again', async () => {
    const r = await send(ctx, RATE, { score: '5', orderId: 'NO-SUCH-ORDER' }, { tok: MAIN, key: 'refused-key-0001' });
    expect(r.code).toBe('NOT_FOUND');
    expect(await ctx.db.query("SELECT 1 FROM idempotent_requests WHERE key = 'refused-key-0001'")).toEqual([]);
  });

  it('a copy that arrives while the first runs waits for its answer; a lease left by a killed instance is taken over', async () => {
    const borrowerId = await borrowerIdOf(ctx);
    const hold = (key: string, lockedUntil: Date) =>
      ctx.db.query(
        `INSERT INTO idempotent_requests (borrower_id, route, key, request_hash, locked_until, created_at)
         VALUES ($1, 'googleScore', $2, $3, $4, $5)`,
        // The hash of { score: 5 } as the endpoint parses it (lib/idempotency.ts requestHashOf).
        [borrowerId, key, requestHashOf({ score: 5 }), lockedUntil, ctx.clock.now()],
      );
    // Running elsewhere: the copy waits, and gets the first answer once it is stored.
    await hold('running-key-0001', new Date(ctx.clock.now().getTime() + 60_000));
    const waiting = send(ctx, RATE, { score: '5' }, { tok: MAIN, key: 'running-key-0001' });
    await new Promise((r) => setTimeout(r, 300));
    const stored = { code: '00', data: { saved: true }, message: 'stored by the first copy' };
    await ctx.db.query(`UPDATE idempotent_requests SET response = $1 WHERE key = 'running-key-0001'`, [JSON.stringify(stored)]);
    expect(await waiting).toMatchObject({ ...stored, replayed: true });
    // Left behind by an instance killed mid-request (its lease has run out): the retry runs the write.
    await hold('orphan-key-0001', new Date(ctx.clock.now().getTime() - 1));
    const taken = await send(ctx, RATE, { score: '5' }, { tok: MAIN, key: 'orphan-key-0001' });
    expect([taken.code, taken.message, taken.replayed]).toEqual(['00', 'Thank you for your rating!', false]);
  });
});
