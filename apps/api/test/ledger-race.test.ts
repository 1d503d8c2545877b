import { generateVcode, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../src/db/types.ts';
import { retryableSqlState, withRetriedTransaction } from '../src/lib/transaction-retry.ts';
import { MAIN, call } from './helpers/calls.ts';
import { addOrder, borrowerIdOf, eventBody, postCallback } from './helpers/repay.ts';
import { BACKENDS, useTestApp, type TestContext } from './helpers/setup.ts';
import { DEMO_BANK_CARDS } from '../src/db/demo/index.ts';

/**
 * Issue 11 item 2: money paths racing on one order. Every money path locks the order row first and retries its
 * transaction on a deadlock / serialization failure (lib/transaction-retry.ts). Proof on PostgreSQL: 200 rounds of
 * a callback against a new code, and 200 of a callback against a card commit, with no server error, every payment
 * recorded once, applied once, and the ledger adding up to what the provider sent. PGlite runs one transaction at
 * a time, so the same rounds (fewer) check the logic there.
 */

const ROUNDS = { pg: 200, pglite: 20 } as const;
/** Rounds in flight together (each round is itself concurrent requests). */
const PARALLEL = 4;
const START = new Date('2026-03-02T03:00:00.000Z');
const PRINCIPAL = 10_000_000;

type Va = ResponseOf<typeof generateVcode>;

interface Tally {
  rounds: number;
  statuses: Map<number, number>;
  sent: number;
  ledger: number;
  applied: number;
  held: number;
  newCodeWon: number;
  cardWon: number;
}

const tally = (): Tally => ({ rounds: 0, statuses: new Map(), sent: 0, ledger: 0, applied: 0, held: 0, newCodeWon: 0, cardWon: 0 });
const count = (t: Tally, status: number) => t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
const serverErrors = (t: Tally) => [...t.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);

async function ledgerTotals(ctx: TestContext, orderNo: string) {
  const [row] = await ctx.db.query<{ entries: number; amount: number; applied: number; unapplied: number }>(
    `SELECT count(*)::bigint AS entries, coalesce(sum(amount), 0)::bigint AS amount,
            coalesce(sum(principal + interest + late_penalty + late_interest + extension_fee), 0)::bigint AS applied,
            coalesce(sum(unapplied), 0)::bigint AS unapplied
       FROM ledger_entries WHERE order_no = $1`,
    [orderNo],
  );
  const [order] = await ctx.db.query<{ status: number; paid_amount: number; amount_due: number }>(
    'SELECT status, paid_amount, amount_due FROM orders WHERE order_no = $1',
    [orderNo],
  );
  const [funds] = await ctx.db.query<{ open: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS open FROM unapplied_funds WHERE order_no = $1 AND state = 'open'`,
    [orderNo],
  );
  return { ...row!, order: order!, openFunds: funds!.open };
}

/** 0-7 ms: spreads the start of one side of a round so both orders of arrival happen on PostgreSQL. */
const jitter = () => new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 8)));

async function inBatches(rounds: number, round: (i: number) => Promise<void>) {
  for (let i = 0; i < rounds; i += PARALLEL) {
    await Promise.all(Array.from({ length: Math.min(PARALLEL, rounds - i) }, (_, k) => round(i + k)));
  }
}

describe.each(BACKENDS)('money paths under concurrency (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const rounds = ROUNDS[backend];
  const vcode = (orderId: string, amount: number, payCode: 'BCA' | 'ALFAMART') =>
    call<Va>(
      ctx,
      '/v3/loan-details/generate-vcode',
      { productId: '1', orderId, amount: String(amount), is_default: '0', pay_type: payCode === 'BCA' ? '1' : '2', payCode },
      { tok: MAIN, lang: 'en' },
    );
  const pay = (va: Va, amount = va.amount, id?: string) =>
    postCallback(
      ctx,
      JSON.stringify(
        eventBody({ reference: va.cardNo, vcode: va.vcode, channel: va.payCode, amount, paidAt: START, ...(id ? { id } : {}) }),
      ),
      { lang: 'en' },
    );

  it(
    `callback against a new code: ${rounds} rounds, no server error, each payment recorded and applied once`,
    { timeout: 120_000 },
    async () => {
      const borrowerId = await borrowerIdOf(ctx);
      const t = tally();
      await inBatches(rounds, async (i) => {
        const { orderNo, amountDue } = await addOrder(ctx, { borrowerId, status: 170, principal: PRINCIPAL, dueDate: '2026-04-01' });
        const first = await vcode(orderNo, amountDue, 'BCA');
        expect(first.status).toBe(200);
        const eventId = `evt_race_${orderNo.replace(/[^A-Za-z0-9]/g, '')}`;
        // The provider delivers the payment twice while the borrower asks for a mini-market code.
        // Who starts first alternates (on PGlite, which runs one transaction at a time, that decides the winner).
        const newCode = () => vcode(orderNo, amountDue, 'ALFAMART');
        const callback = () =>
          i % 2 === 1 ? jitter().then(() => pay(first.data, amountDue, eventId)) : pay(first.data, amountDue, eventId);
        const [a, b, replaced] =
          i % 2 === 0
            ? await Promise.all([callback(), callback(), newCode()])
            : await Promise.all([newCode(), callback(), callback()]).then(([n, x, y]) => [x, y, n] as const);
        for (const r of [a, b, replaced]) count(t, r.status);
        t.sent += amountDue;
        expect([a.status, b.status]).toEqual([200, 200]);
        expect([(a.data as { applied: boolean }).applied, (b.data as { applied: boolean }).applied].filter(Boolean)).toHaveLength(1);
        if (replaced.status === 200) {
          // The new code won the race and replaced the BCA number, which was still credited; then the borrower
          // pays the new code too: recorded, held (the order is settled).
          t.newCodeWon += 1;
          const second = await pay(replaced.data);
          count(t, second.status);
          expect(second.status).toBe(200);
          t.sent += amountDue;
        } else {
          expect([replaced.status, replaced.code, replaced.message]).toEqual([409, 'PAYMENT_REFUSED', 'This order has nothing to repay.']);
        }
        const totals = await ledgerTotals(ctx, orderNo);
        t.rounds += 1;
        t.ledger += totals.amount;
        t.applied += totals.applied;
        t.held += totals.unapplied;
        expect(totals.order).toEqual({ status: 200, paid_amount: amountDue, amount_due: amountDue });
        expect(totals.applied).toBe(amountDue);
        expect(totals.entries).toBe(replaced.status === 200 ? 2 : 1);
        expect(totals.unapplied).toBe(totals.openFunds);
      });
      console.info(`[${backend}] callback vs new code: ${JSON.stringify({ ...t, statuses: Object.fromEntries(t.statuses) })}`);
      expect(t.rounds).toBe(rounds);
      expect(serverErrors(t)).toBe(0);
      expect(t.ledger).toBe(t.sent);
      expect(t.applied + t.held).toBe(t.sent);
    },
  );

  it(
    `callback against a card commit: ${rounds} rounds, no server error, each payment recorded and applied once`,
    { timeout: 120_000 },
    async () => {
      const borrowerId = await borrowerIdOf(ctx);
      const t = tally();
      await inBatches(rounds, async (i) => {
        // A legacy order (status 3): payable by a code and by the demo BNI card, which is charged at once.
        const { orderNo, amountDue } = await addOrder(ctx, { borrowerId, status: 3, principal: PRINCIPAL, dueDate: '2026-04-01' });
        const va = await vcode(orderNo, amountDue, 'BCA');
        expect(va.status).toBe(200);
        const commitCall = () =>
          call<{ needValid: number }>(
            ctx,
            '/api/v1/lendview/service/loan/repayment-commit',
            { orderId: orderNo, cardId: String(DEMO_BANK_CARDS.direct.id), amount: String(amountDue), sendMsg: '0' },
            { tok: MAIN, lang: 'en' },
          );
        const [callback, commit] =
          i % 2 === 0
            ? await Promise.all([pay(va.data), commitCall()])
            : await Promise.all([commitCall(), jitter().then(() => pay(va.data))]).then(([c, p]) => [p, c] as const);
        count(t, callback.status);
        count(t, commit.status);
        t.sent += amountDue;
        expect(callback.status).toBe(200);
        if (commit.status === 200) {
          // The card was charged first: the code's money came after settlement and is held for an operator.
          t.cardWon += 1;
          t.sent += amountDue;
          expect(commit.data.needValid).toBe(0);
        } else {
          // The callback settled the order first: nothing left to charge.
          expect([commit.status, commit.code, commit.message]).toEqual([409, 'PAYMENT_REFUSED', 'This order has nothing to repay.']);
        }
        const totals = await ledgerTotals(ctx, orderNo);
        t.rounds += 1;
        t.ledger += totals.amount;
        t.applied += totals.applied;
        t.held += totals.unapplied;
        expect(totals.order).toEqual({ status: 4, paid_amount: amountDue, amount_due: amountDue });
        expect(totals.applied).toBe(amountDue);
        expect(totals.entries).toBe(commit.status === 200 ? 2 : 1);
        expect(totals.unapplied).toBe(totals.openFunds);
      });
      console.info(`[${backend}] callback vs card commit: ${JSON.stringify({ ...t, statuses: Object.fromEntries(t.statuses) })}`);
      expect(t.rounds).toBe(rounds);
      expect(serverErrors(t)).toBe(0);
      expect(t.ledger).toBe(t.sent);
      expect(t.applied + t.held).toBe(t.sent);
    },
  );

  if (backend === 'pg')
    it('a real deadlock between two transactions is retried, and both complete', async () => {
      const other = await ctx.testDb.openAnother();
      await ctx.db.exec(
        'CREATE TABLE race_rows (id integer PRIMARY KEY, n integer NOT NULL); INSERT INTO race_rows VALUES (1, 0), (2, 0);',
      );
      const retries: string[] = [];
      // Each locks one row, waits for the other to have locked its own, then wants the other's: one of them is
      // chosen as the deadlock victim (40P01) and runs again from the start.
      let arrived = 0;
      const bothLocked = () =>
        new Promise<void>((resolve) => {
          arrived += 1;
          const check = () => (arrived >= 2 ? resolve() : setTimeout(check, 5));
          check();
        });
      const body = (first: number, second: number) => async (tx: Queryable) => {
        await tx.query('UPDATE race_rows SET n = n + 1 WHERE id = $1', [first]);
        await bothLocked();
        await tx.query('UPDATE race_rows SET n = n + 1 WHERE id = $1', [second]);
      };
      const onRetry = (i: { sqlState: string }) => retries.push(i.sqlState);
      await Promise.all([withRetriedTransaction(ctx.db, body(1, 2), { onRetry }), withRetriedTransaction(other, body(2, 1), { onRetry })]);
      expect(retries).toEqual(['40P01']);
      expect(await ctx.db.query('SELECT id, n FROM race_rows ORDER BY id')).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    });
});

describe('withRetriedTransaction', () => {
  const fakeDb = (failures: Error[]) => {
    let calls = 0;
    const db = {
      kind: 'pg',
      query: async () => [],
      exec: async () => {},
      close: async () => {},
      async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
        calls += 1;
        const failure = failures.shift();
        if (failure !== undefined) throw failure;
        return fn(db);
      },
    } satisfies Db;
    return { db, calls: () => calls };
  };
  const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
  const noSleep = { sleep: async () => {}, random: () => 0.5 };

  it('runs the whole transaction again on 40001 and 40P01, with a growing jittered backoff', async () => {
    const { db, calls } = fakeDb([pgError('40P01'), pgError('40001')]);
    const delays: number[] = [];
    const result = await withRetriedTransaction(db, async () => 'done', {
      ...noSleep,
      baseDelayMs: 10,
      onRetry: (i) => delays.push(i.delayMs),
    });
    expect(result).toBe('done');
    expect(calls()).toBe(3);
    expect(delays).toEqual([5, 10]);
  });

  it('does not retry other errors, and gives up after the last attempt with the database error', async () => {
    const other = fakeDb([pgError('23505')]);
    await expect(withRetriedTransaction(other.db, async () => 1, noSleep)).rejects.toMatchObject({ code: '23505' });
    expect(other.calls()).toBe(1);
    const always = fakeDb(Array.from({ length: 9 }, () => pgError('40P01')));
    await expect(withRetriedTransaction(always.db, async () => 1, { ...noSleep, attempts: 4 })).rejects.toMatchObject({ code: '40P01' });
    expect(always.calls()).toBe(4);
    expect(retryableSqlState(new Error('x'))).toBeNull();
    expect(retryableSqlState(pgError('40001'))).toBe('40001');
  });
});
