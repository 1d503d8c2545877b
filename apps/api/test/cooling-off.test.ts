import { generateVcode, loanDetails, paymentState, type ResponseOf } from '@lendview/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_COOLING_OFF_ORDER } from '../src/db/demo/index.ts';
import { addDays } from '../src/lib/dates.ts';
import { getCoolingOffDays, setSetting } from '../src/repositories/settings.ts';
import { MAIN, NOT_FOUND_EN, NOT_FOUND_ID, SECOND, call, newBorrower } from './helpers/calls.ts';
import { addOrder, eventBody, orderRow, postCallback } from './helpers/repay.ts';
import { anyOf } from './helpers/matchers.ts';
import { BACKENDS, useTestApp, type TestContext } from './helpers/setup.ts';

/**
 * The cooling-off exit end to end (issue 18 item 2; docs/compliance.md "Cooling-off exit"): loan details' coolingOff,
 * repayType cooling_off through generate-vcode, the sandbox provider (simulate and the signed callback), the order
 * closed in status 210, the ledger's split and the receipt; the period's end, the setting, concurrency.
 */

const DETAIL = '/v3/loan-details/detail';
const VCODE = '/v3/loan-details/generate-vcode';
const STATE = '/v3/loan-details/payment-state';
const SIMULATE = '/dev/payments/simulate';
const FIXTURE = '/dev/fixtures/order';

type Details = ResponseOf<typeof loanDetails>;
type Va = ResponseOf<typeof generateVcode>;
type State = ResponseOf<typeof paymentState>;

// The suites' clock: 2026-03-02 10:00 WIB. A fresh single-payment loan of Rp 2.000.000 at 0,05 %/day for 91 days:
// one day of interest is Rp 1.000 (100 000 sen), the whole term's Rp 91.000.
const START = new Date('2026-03-02T03:00:00.000Z');
const TODAY = '2026-03-02';
const PRINCIPAL = 200_000_000;
const DAY = 100_000;
const AMOUNT_DUE = PRINCIPAL + 91 * DAY;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const REFUSED = (message: string) => ({ status: 409, code: 'PAYMENT_REFUSED', message });
const CLOSED_EN = 'The cooling-off period of this loan has ended, so it can no longer be cancelled. You can still repay it as usual.';

async function ledgerOf(ctx: TestContext, orderNo: string) {
  return ctx.db.query<{
    amount: number;
    principal: number;
    interest: number;
    late_penalty: number;
    late_interest: number;
    unapplied: number;
    repay_type: string;
    periods: number[];
  }>(
    'SELECT amount, principal, interest, late_penalty, late_interest, unapplied, repay_type, periods FROM ledger_entries WHERE order_no = $1 ORDER BY id',
    [orderNo],
  );
}

async function exitRow(ctx: TestContext, orderNo: string) {
  const [row] = await ctx.db.query<{
    status: number;
    paid_amount: number;
    waived_amount: number;
    amount_due: number;
    settled_at: Date | null;
  }>('SELECT status, paid_amount, waived_amount, amount_due, settled_at FROM orders WHERE order_no = $1', [orderNo]);
  return row!;
}

describe.each(BACKENDS)('cooling-off exit (%s)', (backend) => {
  const ctx = useTestApp(backend);
  afterEach(async () => {
    ctx.clock.set(START);
    await setSetting(ctx.db, 'cooling_off_days', '3', START);
  });

  /** A borrower of its own and a fresh loan disbursed `daysAgo` days ago at 10:00 WIB (due 91 days after that). */
  const freshLoan = async (daysAgo = 0) => {
    const who = await newBorrower(ctx, true);
    const { orderNo } = await addOrder(ctx, {
      borrowerId: who.id,
      status: 170,
      principal: PRINCIPAL,
      dueDate: addDays(TODAY, 91 - daysAgo),
    });
    return { ...who, orderNo };
  };
  const details = (orderId: string, tok: string, lang: 'en' | 'id' = 'en') =>
    call<Details>(ctx, DETAIL, { productId: '1', orderId }, { tok, lang });
  const exitCode = (orderId: string, tok: string, amount: number, extra: Record<string, string> = {}) =>
    call<Va>(
      ctx,
      VCODE,
      {
        productId: '1',
        orderId,
        amount: String(amount),
        is_default: '0',
        pay_type: '2',
        payCode: 'ALFAMART',
        repayType: 'cooling_off',
        ...extra,
      },
      { tok, lang: 'en' },
    );
  const simulate = (vcode: string) => call<{ applied: boolean; orderStatus: number }>(ctx, SIMULATE, { vcode }, { lang: 'en' });

  describe('loan details coolingOff', () => {
    it('DEMO-COOL (disbursed at the start) offers the exit: principal + 1 day, the fee not refunded, en and id', async () => {
      const en = await details(DEMO_COOLING_OFF_ORDER, MAIN);
      expect(en.code).toBe('00');
      expect(en.data.coolingOff).toEqual({
        lastDay: '2026-03-05',
        daysUsed: 1,
        principal: PRINCIPAL,
        interest: DAY,
        paid: 0,
        amount: PRINCIPAL + DAY,
        processingFee: 2_000_000,
        message:
          'You can cancel this loan until 2026-03-05 by repaying ₹2,001,000: the principal ₹2,000,000 plus interest for 1 day (₹1,000). No penalty is charged. The processing fee of ₹20,000 is not refunded.',
      });
      loanDetails.response.parse(en.data);
      const id = await details(DEMO_COOLING_OFF_ORDER, MAIN, 'id');
      expect(id.data.coolingOff?.message).toBe(
        'Anda dapat membatalkan pinjaman ini sampai 2026-03-05 dengan membayar Rp 2.001.000: pokok Rp 2.000.000 ditambah bunga 1 hari (Rp 1.000). Tanpa denda. Biaya administrasi sebesar Rp 20.000 tidak dikembalikan.',
      );
      // The full repayment is a different thing: the whole term's interest, refused today as an early prepayment.
      expect(en.data.amount).toBe(AMOUNT_DUE);
      expect(en.data.earlyRepay.allowed).toBe(false);
    });

    it('is null outside the period, for a late loan, and for orders that are not repaying', async () => {
      for (const orderId of ['DEMO-170', 'DEMO-174', 'DEMO-180', 'DEMO-200', 'DEMO-21', 'DEMO-151', 'DEMO-3', 'DEMO-5', 'DEMO-INST']) {
        const d = await details(orderId, MAIN);
        expect([d.code, d.data.coolingOff], orderId).toEqual(['00', null]);
      }
    });

    it('day 3 is the last day, day 4 has none (a loan disbursed 3 and 4 days ago)', async () => {
      const last = await freshLoan(3);
      expect((await details(last.orderNo, last.tok)).data.coolingOff).toMatchObject({
        lastDay: TODAY,
        daysUsed: 3,
        interest: 3 * DAY,
        amount: PRINCIPAL + 3 * DAY,
        processingFee: 0,
      });
      const over = await freshLoan(4);
      expect((await details(over.orderNo, over.tok)).data.coolingOff).toBeNull();
      const refused = await exitCode(over.orderNo, over.tok, PRINCIPAL + 4 * DAY);
      expect({ status: refused.status, code: refused.code, message: refused.message }).toEqual(REFUSED(CLOSED_EN));
    });

    it("another borrower's token gets NOT_FOUND, exactly as a missing order, for details and the exit code", async () => {
      const missing = await details('NO-SUCH-ORDER', SECOND);
      expect(await details(DEMO_COOLING_OFF_ORDER, SECOND)).toMatchObject({ status: 404, ...NOT_FOUND_EN });
      expect((await details(DEMO_COOLING_OFF_ORDER, SECOND)).res.body).toBe(missing.res.body);
      expect(await details(DEMO_COOLING_OFF_ORDER, SECOND, 'id')).toMatchObject(NOT_FOUND_ID);
      const code = await exitCode(DEMO_COOLING_OFF_ORDER, SECOND, PRINCIPAL + DAY);
      expect({ status: code.status, code: code.code, message: code.message }).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: NOT_FOUND_EN.message,
      });
    });

    it('reads cooling_off_days like the late-charge cap: missing or malformed → 3, 0-30, 0 = off', async () => {
      const loan = await freshLoan(5);
      const cases: [string | null, number][] = [
        [null, 3],
        ['abc', 3],
        ['-1', 3],
        ['31', 3],
        ['3.5', 3],
        [' 7 ', 7],
        ['0', 0],
        ['30', 30],
      ];
      for (const [value, days] of cases) {
        if (value === null) await ctx.db.query("DELETE FROM app_settings WHERE key = 'cooling_off_days'");
        else await setSetting(ctx.db, 'cooling_off_days', value, START);
        expect(await getCoolingOffDays(ctx.db), String(value)).toBe(days);
      }
      // 0: the exit is off everywhere, even on day 0.
      await setSetting(ctx.db, 'cooling_off_days', '0', START);
      expect((await details(DEMO_COOLING_OFF_ORDER, MAIN)).data.coolingOff).toBeNull();
      const off = await exitCode(DEMO_COOLING_OFF_ORDER, MAIN, PRINCIPAL + DAY);
      expect({ status: off.status, code: off.code, message: off.message }).toEqual(REFUSED(CLOSED_EN));
      // 7: a loan on day 5 may exit, with 5 days of interest.
      await setSetting(ctx.db, 'cooling_off_days', '7', START);
      expect((await details(loan.orderNo, loan.tok)).data.coolingOff).toMatchObject({ daysUsed: 5, amount: PRINCIPAL + 5 * DAY });
    });
  });

  describe('the exit payment', () => {
    it('through the sandbox (simulate): the exact amount closes the order in 210, splits the ledger, gives a receipt', async () => {
      const loan = await freshLoan(2);
      const amount = PRINCIPAL + 2 * DAY;
      const wrong = await exitCode(loan.orderNo, loan.tok, AMOUNT_DUE);
      expect({ status: wrong.status, code: wrong.code, message: wrong.message }).toEqual(
        REFUSED('The amount does not match what this order asks now (₹2,002,000). Please refresh the page and try again.'),
      );
      // A full repayment today is an early prepayment (day 2); the exit is not.
      const full = await call(
        ctx,
        VCODE,
        { productId: '1', orderId: loan.orderNo, amount: String(AMOUNT_DUE), is_default: '1' },
        { tok: loan.tok, lang: 'en' },
      );
      expect(full.code).toBe('EARLY_REPAYMENT');

      const code = await exitCode(loan.orderNo, loan.tok, amount);
      expect(code.code).toBe('00');
      expect(code.data).toMatchObject({
        amount,
        payType: 2,
        payCode: 'ALFAMART',
        repayType: 'cooling_off',
        state: 'pending',
        coolingOff: { principal: PRINCIPAL, interest: 2 * DAY, daysUsed: 2, paid: 0 },
      });
      generateVcode.response.parse(code.data);
      // The page's poll shows the live exit code with its figures.
      const pending = await call<State>(ctx, STATE, { productId: '1', orderId: loan.orderNo }, { tok: loan.tok, lang: 'en' });
      expect(pending.data.pending).toMatchObject({ vcode: code.data.vcode, repayType: 'cooling_off', coolingOff: { daysUsed: 2 } });

      ctx.clock.set(new Date(START.getTime() + HOUR_MS));
      const paid = await simulate(code.data.vcode);
      expect([paid.status, paid.code, paid.data, paid.message]).toEqual([
        200,
        '00',
        { applied: true, orderStatus: 210 },
        'Payment applied.',
      ]);

      expect(await exitRow(ctx, loan.orderNo)).toEqual({
        status: 210,
        paid_amount: amount,
        waived_amount: AMOUNT_DUE - amount,
        amount_due: AMOUNT_DUE,
        settled_at: new Date(START.getTime() + HOUR_MS),
      });
      expect(await ledgerOf(ctx, loan.orderNo)).toEqual([
        {
          amount,
          principal: PRINCIPAL,
          interest: 2 * DAY,
          late_penalty: 0,
          late_interest: 0,
          unapplied: 0,
          repay_type: 'cooling_off',
          periods: [],
        },
      ]);

      const closed = await details(loan.orderNo, loan.tok);
      expect(closed.data).toMatchObject({
        orderStatus: 210,
        noticeStatusText: 'Closed in the cooling-off period',
        noticeDesText:
          'You cancelled this loan within its cooling-off period by repaying the principal and the interest for the days you used it. Nothing more is owed. You can borrow again.',
        amount: 0,
        coolingOff: null,
        isScore: 1,
      });
      expect(closed.data.payments).toEqual([
        {
          id: anyOf(String),
          amount,
          paidAt: new Date(START.getTime() + HOUR_MS).toISOString(),
          method: 'ALFAMART payment code',
          payCode: 'ALFAMART',
          repayType: 'cooling_off',
          periods: [],
          applied: { principal: PRINCIPAL, interest: 2 * DAY, lateCharges: 0, extensionFee: 0 },
          unapplied: 0,
          refunded: 0,
        },
      ]);
      const rows = Object.fromEntries(closed.data.userOrderDetail.detail.map((r) => [r.text, r.value]));
      expect(rows).toMatchObject({ Paid: '₹2,002,000', 'Not charged': '₹89,000', 'Closed on': TODAY });
      expect(rows['Settled on']).toBeUndefined();
      const idRows = (await details(loan.orderNo, loan.tok, 'id')).data;
      expect(idRows.noticeStatusText).toBe('Ditutup dalam masa pembatalan');

      const state = await call<State>(ctx, STATE, { productId: '1', orderId: loan.orderNo }, { tok: loan.tok, lang: 'en' });
      expect(state.data).toMatchObject({ orderStatus: 210, settled: true, pending: null });
      // Nothing more can be paid; the same code again records nothing.
      const again = await exitCode(loan.orderNo, loan.tok, amount);
      expect({ status: again.status, code: again.code, message: again.message }).toEqual(REFUSED('This order has nothing to repay.'));
      expect((await simulate(code.data.vcode)).data).toEqual({ applied: false, orderStatus: 210 });
      expect(await ledgerOf(ctx, loan.orderNo)).toHaveLength(1);
    });

    it('through the signed webhook on the last day (day 3)', async () => {
      const loan = await freshLoan(3);
      const amount = PRINCIPAL + 3 * DAY;
      const code = await exitCode(loan.orderNo, loan.tok, amount, { pay_type: '1', payCode: 'BCA' });
      expect(code.data.coolingOff).toEqual({ principal: PRINCIPAL, interest: 3 * DAY, daysUsed: 3, paid: 0 });
      const [payment] = await ctx.db.query<{ reference: string; exit_days: number; exit_interest: number }>(
        'SELECT reference, exit_days, exit_interest FROM payments WHERE vcode = $1',
        [code.data.vcode],
      );
      expect(payment).toMatchObject({ exit_days: 3, exit_interest: 3 * DAY });
      const raw = JSON.stringify(
        eventBody({ reference: payment!.reference, vcode: code.data.vcode, channel: 'BCA', amount, paidAt: START }),
      );
      const cb = await postCallback(ctx, raw, { lang: 'en' });
      expect([cb.status, cb.code, cb.data]).toEqual([200, '00', { applied: true, reference: payment!.reference, orderStatus: 210 }]);
      expect(await orderRow(ctx, loan.orderNo)).toMatchObject({ status: 210, paid_amount: amount });
      expect((await ledgerOf(ctx, loan.orderNo)).map((e) => [e.repay_type, e.principal, e.interest])).toEqual([
        ['cooling_off', PRINCIPAL, 3 * DAY],
      ]);
    });

    it('an instalment loan: a paid instalment is deducted, the other instalments are closed, the ledger stays whole', async () => {
      // A copy of DEMO-INST (Rp 4.000.000, four instalments of Rp 1.060.000) disbursed yesterday, for its own borrower.
      const made = await call<{ tok: string; orderNo: string }>(
        ctx,
        FIXTURE,
        { kind: 'instalment', disbursedDaysAgo: '1' },
        { lang: 'en' },
      );
      expect(made.code).toBe('00');
      const { tok, orderNo } = made.data;
      const first = await call<Va>(
        ctx,
        VCODE,
        { productId: '1', orderId: orderNo, amount: '106000000', is_default: '1', repayType: 'installment', periods: '1' },
        { tok, lang: 'en' },
      );
      expect(first.code).toBe('00');
      expect((await simulate(first.data.vcode)).data).toEqual({ applied: true, orderStatus: 170 });
      // Day 1: one day of interest on Rp 4.000.000 (Rp 2.000) − Rp 1.060.000 paid.
      const amount = 400_000_000 + 200_000 - 106_000_000;
      expect((await details(orderNo, tok)).data.coolingOff).toMatchObject({ daysUsed: 1, interest: 200_000, paid: 106_000_000, amount });
      const code = await exitCode(orderNo, tok, amount);
      expect(code.data.coolingOff).toEqual({ principal: 400_000_000, interest: 200_000, daysUsed: 1, paid: 106_000_000 });
      expect((await simulate(code.data.vcode)).data).toEqual({ applied: true, orderStatus: 210 });
      const instalments = await ctx.db.query<{ period_no: number; status: string; paid_at: Date | null }>(
        'SELECT period_no, status, paid_at FROM instalments WHERE order_no = $1 ORDER BY period_no',
        [orderNo],
      );
      expect(instalments.map((i) => [i.period_no, i.status, i.paid_at !== null])).toEqual([
        [1, 'paid', true],
        [2, 'closed', false],
        [3, 'closed', false],
        [4, 'closed', false],
      ]);
      const row = await exitRow(ctx, orderNo);
      expect(row).toMatchObject({ status: 210, paid_amount: 400_200_000 });
      expect(row.paid_amount + row.waived_amount).toBe(row.amount_due);
      // Instalment 1 paid its interest (Rp 60.000) and principal; the exit's Rp 2.940.000 + Rp 2.000 is all
      // principal (the interest of the day used was already paid with the instalment, the rest of it repays principal).
      expect((await ledgerOf(ctx, orderNo)).map((e) => [e.repay_type, e.principal, e.interest, e.periods])).toEqual([
        ['installment', 100_000_000, 6_000_000, [1]],
        ['cooling_off', amount, 0, []],
      ]);
      // The instalment page lists nothing to pay.
      const plan = await call<{ repayWaitCount: number }>(
        ctx,
        '/v3/installment/loan-play-detail',
        { productId: '1', orderId: orderNo },
        { tok, lang: 'en' },
      );
      expect(plan.data.repayWaitCount).toBe(0);
    });

    it('a code issued on the last day and paid the next day (after the period) is applied as issued', async () => {
      const loan = await freshLoan(3);
      // Day 3, 22:00 WIB: the code is for 3 days of interest.
      ctx.clock.set(new Date(START.getTime() + 12 * HOUR_MS));
      const amount = PRINCIPAL + 3 * DAY;
      const code = await exitCode(loan.orderNo, loan.tok, amount);
      expect(code.code).toBe('00');
      // Day 4, 09:00 WIB: the period is over, the code (24 h) still live and paid.
      ctx.clock.set(new Date(START.getTime() + 23 * HOUR_MS));
      expect((await details(loan.orderNo, loan.tok)).data.coolingOff).toBeNull();
      const refused = await exitCode(loan.orderNo, loan.tok, amount, { pay_type: '1', payCode: 'BNI' });
      expect({ status: refused.status, code: refused.code, message: refused.message }).toEqual(REFUSED(CLOSED_EN));
      // The refusal did not replace the code.
      const paid = await simulate(code.data.vcode);
      expect(paid.data).toEqual({ applied: true, orderStatus: 210 });
      expect(await exitRow(ctx, loan.orderNo)).toMatchObject({ status: 210, paid_amount: amount, waived_amount: AMOUNT_DUE - amount });
      expect((await ledgerOf(ctx, loan.orderNo)).map((e) => [e.principal, e.interest, e.unapplied])).toEqual([[PRINCIPAL, 3 * DAY, 0]]);
    });

    it('money on an exit code that expired after the period is recorded and held, never refused or dropped', async () => {
      const loan = await freshLoan(3);
      const amount = PRINCIPAL + 3 * DAY;
      const code = await exitCode(loan.orderNo, loan.tok, amount);
      // Two days later: the code expired (24 h) and the exit is closed; the amount covers no whole repayment.
      ctx.clock.set(new Date(START.getTime() + 2 * DAY_MS));
      const paid = await simulate(code.data.vcode);
      expect([paid.code, paid.data, paid.message]).toEqual([
        '00',
        { applied: true, orderStatus: 170 },
        'Payment received. ₹2,003,000 could not be applied to the loan and is held for review by our team.',
      ]);
      expect(await orderRow(ctx, loan.orderNo)).toMatchObject({ status: 170, paid_amount: 0 });
      expect((await ledgerOf(ctx, loan.orderNo)).map((e) => [e.amount, e.principal + e.interest, e.unapplied, e.repay_type])).toEqual([
        [amount, 0, amount, 'cooling_off'],
      ]);
      const funds = await ctx.db.query<{ amount: number; reason: string; state: string }>(
        'SELECT amount, reason, state FROM unapplied_funds WHERE order_no = $1',
        [loan.orderNo],
      );
      expect(funds).toEqual([{ amount, reason: 'code_expired', state: 'open' }]);
    });

    it('20 concurrent exit requests make one code; 20 concurrent payment events settle it once and hold the other payments', async () => {
      const loan = await freshLoan(1);
      const amount = PRINCIPAL + DAY;
      const codes = await Promise.all(Array.from({ length: 20 }, () => exitCode(loan.orderNo, loan.tok, amount)));
      expect(codes.map((c) => c.code)).toEqual(Array(20).fill('00'));
      expect(new Set(codes.map((c) => c.data.vcode)).size).toBe(1);
      const [payment] = await ctx.db.query<{ reference: string; n: number }>(
        "SELECT reference, (SELECT count(*)::int FROM payments WHERE order_no = $1) AS n FROM payments WHERE order_no = $1 AND state = 'pending'",
        [loan.orderNo],
      );
      expect(payment!.n).toBe(1);
      const vcode = codes[0]!.data.vcode;
      // All at once: 10 simulate calls (the sandbox's one event for this code, sent 10 times) and 10 signed
      // callbacks with their own event ids (10 more payments the provider reports on the same code).
      const results = await Promise.all([
        ...Array.from({ length: 10 }, () => simulate(vcode).then((r) => r.data.applied)),
        ...Array.from({ length: 10 }, () =>
          postCallback(
            ctx,
            JSON.stringify(eventBody({ reference: payment!.reference, vcode, channel: 'ALFAMART', amount, paidAt: START })),
          ).then((r) => (r.data as { applied: boolean }).applied),
        ),
      ]);
      // 11 payments recorded (the simulated one once), the loan exited once, the 10 others held, none dropped.
      expect(results.filter(Boolean)).toHaveLength(11);
      expect(await exitRow(ctx, loan.orderNo)).toMatchObject({ status: 210, paid_amount: amount, waived_amount: AMOUNT_DUE - amount });
      const ledger = await ledgerOf(ctx, loan.orderNo);
      expect(ledger).toHaveLength(11);
      expect(ledger.filter((e) => e.unapplied === 0)).toHaveLength(1);
      expect(ledger.filter((e) => e.unapplied === amount)).toHaveLength(10);
      const funds = await ctx.db.query<{ amount: number; reason: string }>(
        'SELECT amount, reason FROM unapplied_funds WHERE order_no = $1',
        [loan.orderNo],
      );
      expect(funds).toEqual(Array(10).fill({ amount, reason: 'code_already_paid' }));
      const [events] = await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payment_events e JOIN payments p ON p.id = e.payment_id WHERE p.order_no = $1',
        [loan.orderNo],
      );
      expect(events!.n).toBe(11);
    });
  });
});
