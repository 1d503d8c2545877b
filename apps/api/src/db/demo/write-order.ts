import { jakartaDate } from '../../lib/dates.ts';
import { repaymentPlan, simpleInterest } from '../../lib/money.ts';
import type { Queryable } from '../types.ts';
import { DEMO_IN_HOUSE_PRODUCT_ID } from './names.ts';
import { EXTENSION_DAYS, extensionFee, type OrderSeed } from './orders.ts';
import { DEMO_PRODUCTS, rp } from './products.ts';
import { upsert } from './upsert.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes the orders row (and instalments) of `seed` as order `orderNo` of borrower `borrowerId`, its dates anchored
 * to `now`. The one mapping from an order seed to rows: the demo seed (db/seed-demo.ts) writes the demo orders with
 * it and the e2e fixtures (routes/dev/fixtures.ts) their copies. Every money column is written, so a re-seed also
 * undoes late charges and extensions paid in the demo.
 */
export async function writeDemoOrder(tx: Queryable, seed: OrderSeed, orderNo: string, borrowerId: number, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const dateIn = (days: number) => jakartaDate(new Date(now.getTime() + days * DAY_MS));
  const productId = seed.productId ?? DEMO_IN_HOUSE_PRODUCT_ID;
  const rateBp = DEMO_PRODUCTS.find((p) => p.id === productId)!.rateBp;
  const principal = rp(seed.rupiah);
  const interest = simpleInterest(principal, seed.termDays, rateBp);
  const amountDue = principal + interest;
  const dueDate = seed.disbursedDaysAgo === undefined ? null : dateIn(seed.termDays - seed.disbursedDaysAgo);
  const settled = seed.settledDaysAgo === undefined ? null : ago(seed.settledDaysAgo);
  await upsert(
    tx,
    'orders',
    ['order_no'],
    [
      {
        order_no: orderNo,
        borrower_id: borrowerId,
        product_id: productId,
        status: seed.status,
        principal,
        interest_amount: interest,
        service_fee: 0,
        processing_fee: rp(seed.processingFeeRupiah ?? 0),
        amount_due: amountDue,
        paid_amount: settled ? amountDue : 0,
        term_days: seed.termDays,
        daily_rate_bp: rateBp,
        instalment_count: seed.instalments ?? 1,
        is_delay: seed.isDelay ?? false,
        extension_fee: seed.isDelay ? extensionFee(principal) : null,
        extension_days: seed.isDelay ? EXTENSION_DAYS : null,
        repay_url: null,
        applied_at: ago(seed.appliedDaysAgo),
        disbursed_at: seed.disbursedDaysAgo === undefined ? null : ago(seed.disbursedDaysAgo),
        due_date: dueDate,
        settled_at: settled,
        updated_at: now,
        late_penalty_paid: 0,
        late_interest_paid: 0,
        extension_fees_paid: 0,
        extension_count: 0,
        waived_amount: 0,
      },
    ],
  );

  if (seed.instalments && seed.disbursedDaysAgo !== undefined) {
    // The server's own plan (lib/money.ts) from the disbursement day; all unpaid: the first is payable.
    const plan = repaymentPlan({ principal, termDays: seed.termDays, dailyRateBp: rateBp, startDate: dateIn(-seed.disbursedDaysAgo) });
    if (plan.instalments.length !== seed.instalments || plan.interest !== interest || plan.instalments.at(-1)!.dueDate !== dueDate) {
      throw new Error(`demo order ${orderNo}: the plan does not match the order`);
    }
    await upsert(
      tx,
      'instalments',
      ['order_no', 'period_no'],
      plan.instalments.map((i) => ({
        order_no: orderNo,
        period_no: i.periodNo,
        principal: i.principal,
        interest: i.interest,
        amount: i.amount,
        due_date: i.dueDate,
        status: 'unpaid',
        paid_at: null,
      })),
    );
    await tx.query('DELETE FROM instalments WHERE order_no = $1 AND period_no > $2', [orderNo, plan.instalments.length]);
  }
}
