import type { KeyFacts } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { call, newBorrower, withKeyFacts } from './helpers/calls.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { DEMO_BORROWERS } from '../src/db/demo/index.ts';
import { formatMoney } from '../src/i18n/format.ts';
import { addDays, jakartaDate } from '../src/lib/dates.ts';
import { createSession } from '../src/repositories/sessions.ts';

// Issue 18 item 5: every figure the key facts statement shows equals what the loan pages and the repayment pages
// charge, over every demo product (its /confirm offer, confirmed and paid out) and every demo order.

const CONFIRM = '/v3/loan-confirm/loan-detail-confirm';
const KEY_FACTS = '/v3/loan-confirm/key-facts';
const ORDER_KEY_FACTS = '/v3/loan-details/key-facts';
const PUSH = '/v3/loan-confirm/loan-detail-push';
const DETAIL = '/v3/loan-details/detail';
const PLAN = '/v3/installment/loan-play-detail';
const VCODE = '/v3/loan-details/generate-vcode';
const money = (n: number) => formatMoney(n, 'en');

interface Offer {
  amount: number;
  periods: number;
  details: { text: string; value: string }[];
  detail1: { text: string; value: string }[];
  detail2: { text: string; value: string }[];
  repay_plans: { amount: number; pay_time: string }[];
}
interface Details {
  orderStatus: number;
  amount: number;
  userOrderDetail: { detail: { text: string; value: string }[] };
}
interface PlanItem {
  periodNo: number;
  totalAmount: number;
  dueTime: string;
}
interface Plan {
  repayPlanDetail: { repayWaitDetail: PlanItem[]; repayYetDetail: PlanItem[] };
}

const rowsOf = (rows: { text: string; value: string }[]) => Object.fromEntries(rows.map((r) => [r.text, r.value]));

describe.each(BACKENDS)('the key facts equal what the pages charge (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it('every demo product: the offer, the statement, the confirmed loan, its plan and its payment code agree', async () => {
    const products = await ctx.db.query<{ id: number }>('SELECT id FROM products WHERE active AND button_status = 1 ORDER BY id');
    expect(products.length).toBeGreaterThanOrEqual(6);
    const start = ctx.clock.now();
    for (const { id } of products) {
      ctx.clock.set(start);
      const productId = String(id);
      const b = await newBorrower(ctx, true);
      const o = { tok: b.tok, lang: 'en' as const };
      const offer = (await call<Offer>(ctx, CONFIRM, { productId }, o)).data;
      const kfs = (await call<KeyFacts>(ctx, KEY_FACTS, { productId, amount: String(offer.amount), periods: String(offer.periods) }, o))
        .data;
      const at = `product ${id}`;

      // The confirm page's plan and rows are the statement's.
      expect(
        offer.repay_plans.map((p) => [p.pay_time, p.amount]),
        at,
      ).toEqual(kfs.schedule.map((i) => [i.dueDate, i.amount]));
      const offerRows = rowsOf([...offer.details, ...offer.detail1, ...offer.detail2]);
      expect(offerRows['Loan amount'], at).toBe(money(kfs.amount));
      expect(offerRows['Interest'], at).toBe(money(kfs.interest));
      expect(offerRows['Total repayment'], at).toBe(money(kfs.totalRepayable));
      expect(offerRows['Amount you receive'], at).toBe(money(kfs.netDisbursed));
      expect(offerRows['Processing fee'], at).toBe(kfs.processingFee > 0 ? money(kfs.processingFee) : undefined);
      expect(kfs.totalRepayable, at).toBe(kfs.amount + kfs.interest);
      expect(
        kfs.schedule.reduce((s, i) => s + i.amount, 0),
        at,
      ).toBe(kfs.totalRepayable);

      // Confirmed and paid out the same day: the loan's rows, statement, plan and payment codes say the same.
      const pushed = await call<{ orderId: string }>(
        ctx,
        PUSH,
        await withKeyFacts(
          ctx,
          { productId, amount: String(offer.amount), periods: String(offer.periods), termUnit: 'day', loanType: '1' },
          o,
        ),
        o,
      );
      const orderId = pushed.data.orderId;
      await ctx.db.query('UPDATE orders SET status = 170, disbursed_at = $2, due_date = $3 WHERE order_no = $1', [
        orderId,
        ctx.clock.now(),
        kfs.schedule.at(-1)!.dueDate,
      ]);
      const own = (await call<KeyFacts>(ctx, ORDER_KEY_FACTS, { orderId }, o)).data;
      expect({ ...own, provisionalDates: true, scheduleTitle: '', sha256: '' }, at).toEqual({ ...kfs, scheduleTitle: '', sha256: '' });

      const details = (await call<Details>(ctx, DETAIL, { productId, orderId }, o)).data;
      const rows = rowsOf(details.userOrderDetail.detail);
      expect(rows['Loan amount'], at).toBe(money(kfs.amount));
      expect(rows['Interest'], at).toBe(money(kfs.interest));
      expect(rows['Amount due'], at).toBe(money(kfs.totalRepayable));
      expect(rows['Processing fee'], at).toBe(kfs.processingFee > 0 ? money(kfs.processingFee) : undefined);
      expect(details.amount, at).toBe(kfs.totalRepayable);

      const plan = (await call<Plan>(ctx, PLAN, { productId, orderId }, o)).data;
      expect(
        plan.repayPlanDetail.repayWaitDetail.map((i) => [i.periodNo, i.dueTime, i.totalAmount]),
        at,
      ).toEqual(kfs.schedule.map((i) => [i.periodNo, i.dueDate, i.amount]));

      // The first instalment's payment code asks exactly the first line of the schedule…
      const first = await call<{ amount: number }>(
        ctx,
        VCODE,
        { productId, orderId, amount: String(kfs.schedule[0]!.amount), is_default: '1', repayType: 'installment', periods: '1' },
        o,
      );
      expect(first.code, `${at}: ${first.message}`).toBe('00');
      expect(first.data.amount, at).toBe(kfs.schedule[0]!.amount);
      // …and, the day before the last due date (early repayment allowed, not late), the full code asks the total.
      ctx.clock.set(new Date(`${addDays(kfs.schedule.at(-1)!.dueDate, -1)}T03:00:00.000Z`));
      const later = { tok: await createSession(ctx.db, { borrowerId: b.id, now: ctx.clock.now() }), lang: 'en' as const };
      const full = await call<{ amount: number }>(
        ctx,
        VCODE,
        { productId, orderId, amount: String(kfs.totalRepayable), is_default: '1', repayType: 'full' },
        later,
      );
      expect(full.code, `${at}: ${full.message}`).toBe('00');
      expect(full.data.amount, at).toBe(kfs.totalRepayable);

      // Long after the due date: the penalty is the statement's, and late charges stop at its cap.
      ctx.clock.set(new Date(`${addDays(kfs.schedule.at(-1)!.dueDate, 200)}T03:00:00.000Z`));
      const muchLater = { tok: await createSession(ctx.db, { borrowerId: b.id, now: ctx.clock.now() }), lang: 'en' as const };
      const late = (await call<Details>(ctx, DETAIL, { productId, orderId }, muchLater)).data;
      const lateRows = rowsOf(late.userOrderDetail.detail);
      expect(lateRows['Late penalty'], at).toBe(money(kfs.latePenalty));
      expect(late.amount - kfs.totalRepayable, at).toBe(kfs.lateChargeCap);
    }
    ctx.clock.set(start);
  });

  it('every demo order: its statement equals its loan details, its plan and the amount Repay asks', async () => {
    const owners = [
      { phone: DEMO_BORROWERS.main.phone, tok: 'demo-borrower' },
      { phone: DEMO_BORROWERS.second.phone, tok: 'demo-borrower-2' },
    ];
    let checked = 0;
    for (const { phone, tok } of owners) {
      const orders = await ctx.db.query<{
        order_no: string;
        product_id: number;
        status: number;
        instalment_count: number;
        paid_amount: number;
      }>(
        `SELECT o.order_no, o.product_id, o.status, o.instalment_count, o.paid_amount
           FROM orders o JOIN borrowers b ON b.id = o.borrower_id WHERE b.phone = $1 ORDER BY o.order_no`,
        [phone],
      );
      expect(orders.length).toBeGreaterThan(0);
      for (const order of orders) {
        const at = order.order_no;
        const productId = String(order.product_id);
        const o = { tok, lang: 'en' as const };
        const kfs = (await call<KeyFacts>(ctx, ORDER_KEY_FACTS, { orderId: order.order_no, productId }, o)).data;
        const details = (await call<Details>(ctx, DETAIL, { orderId: order.order_no, productId }, o)).data;
        const rows = rowsOf(details.userOrderDetail.detail);
        expect(rows['Loan amount'], at).toBe(money(kfs.amount));
        if (order.status !== 110) {
          expect(rows['Interest'], at).toBe(money(kfs.interest));
          expect(rows['Amount due'], at).toBe(money(kfs.totalRepayable));
        }
        expect(rows['Processing fee'], at).toBe(kfs.processingFee > 0 ? money(kfs.processingFee) : undefined);
        expect(
          kfs.schedule.reduce((s, i) => s + i.amount, 0),
          at,
        ).toBe(kfs.totalRepayable);
        expect(kfs.aprBp, at).toBeGreaterThanOrEqual(0);

        if (order.instalment_count > 1) {
          const plan = (await call<Plan>(ctx, PLAN, { orderId: order.order_no, productId }, o)).data;
          const all = [...plan.repayPlanDetail.repayYetDetail, ...plan.repayPlanDetail.repayWaitDetail].sort(
            (a, b) => a.periodNo - b.periodNo,
          );
          expect(
            all.map((i) => [i.periodNo, i.dueTime, i.totalAmount]),
            at,
          ).toEqual(kfs.schedule.map((i) => [i.periodNo, i.dueDate, i.amount]));
        }
        // What Repay asks now: the unpaid part of the statement's total, plus late charges within its cap.
        if (details.amount > 0) {
          const unpaid = kfs.totalRepayable - order.paid_amount;
          const late = details.amount - unpaid;
          expect(late, at).toBeGreaterThanOrEqual(0);
          if (kfs.lateChargeCap !== null) expect(late, at).toBeLessThanOrEqual(kfs.lateChargeCap);
          if (late > 0 && rows['Late penalty']) expect(rows['Late penalty'], at).toBe(money(kfs.latePenalty));
          if (late === 0) expect(jakartaDate(ctx.clock.now()) <= kfs.schedule.at(-1)!.dueDate, at).toBe(true);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });
});
