import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import { notFound } from '../lib/errors.ts';

/** An order as stored (money in minor units). Detail rows of the pages derive from these fields. */
export interface Order {
  orderNo: string;
  borrowerId: number;
  productId: number;
  status: number;
  principal: number;
  interestAmount: number;
  serviceFee: number;
  /** One-time processing fee deducted from the disbursement (migration 013); never part of amountDue. */
  processingFee: number;
  amountDue: number;
  paidAmount: number;
  termDays: number;
  dailyRateBp: number;
  instalmentCount: number;
  isDelay: boolean;
  extensionFee: number | null;
  extensionDays: number | null;
  repayUrl: string | null;
  appliedAt: Date;
  disbursedAt: Date | null;
  /** 'YYYY-MM-DD' (Asia/Jakarta calendar day). */
  dueDate: string | null;
  settledAt: Date | null;
  /** Late charges and extension fees already paid (migration 003); they count against the late-charge cap. */
  latePenaltyPaid: number;
  lateInterestPaid: number;
  extensionFeesPaid: number;
  extensionCount: number;
  /** What a cooling-off exit released (migration 014): paidAmount + waivedAmount = amountDue for status 210. */
  waivedAmount: number;
}

/** An orders row as selected (`SELECT *`). */
export interface OrderDbRow {
  order_no: string;
  borrower_id: number;
  product_id: number;
  status: number;
  principal: number;
  interest_amount: number;
  service_fee: number;
  processing_fee: number;
  amount_due: number;
  paid_amount: number;
  term_days: number;
  daily_rate_bp: number;
  instalment_count: number;
  is_delay: boolean;
  extension_fee: number | null;
  extension_days: number | null;
  repay_url: string | null;
  applied_at: Date;
  disbursed_at: Date | null;
  due_date: string | null;
  settled_at: Date | null;
  late_penalty_paid: number;
  late_interest_paid: number;
  extension_fees_paid: number;
  extension_count: number;
  waived_amount: number;
}

export const toOrder = (r: OrderDbRow): Order => ({
  orderNo: r.order_no,
  borrowerId: r.borrower_id,
  productId: r.product_id,
  status: r.status,
  principal: r.principal,
  interestAmount: r.interest_amount,
  serviceFee: r.service_fee,
  processingFee: r.processing_fee,
  amountDue: r.amount_due,
  paidAmount: r.paid_amount,
  termDays: r.term_days,
  dailyRateBp: r.daily_rate_bp,
  instalmentCount: r.instalment_count,
  isDelay: r.is_delay,
  extensionFee: r.extension_fee,
  extensionDays: r.extension_days,
  repayUrl: r.repay_url,
  appliedAt: r.applied_at,
  disbursedAt: r.disbursed_at,
  dueDate: r.due_date,
  settledAt: r.settled_at,
  latePenaltyPaid: r.late_penalty_paid,
  lateInterestPaid: r.late_interest_paid,
  extensionFeesPaid: r.extension_fees_paid,
  extensionCount: r.extension_count,
  waivedAmount: r.waived_amount,
});

/**
 * The borrower's own order, or null. Another borrower's order and an order that does not exist are the
 * same answer: every query of borrower data is scoped by borrower_id in SQL, never filtered afterwards.
 * With productId, the order must also be of that product (the pages send both).
 */
export async function findOwnOrder(
  db: Queryable,
  borrowerId: number,
  orderNo: string,
  productId?: number,
  options: { forUpdate?: boolean } = {},
): Promise<Order | null> {
  const rows = await db.query<OrderDbRow>(
    `SELECT * FROM orders WHERE order_no = $1 AND borrower_id = $2 AND ($3::integer IS NULL OR product_id = $3::integer)${
      options.forUpdate ? ' FOR UPDATE' : ''
    }`,
    [orderNo, borrowerId, productId ?? null],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

/**
 * findOwnOrder, throwing the NOT_FOUND ApiError when there is none. `forUpdate` (inside a transaction) locks
 * the row until the transaction ends: payments on one order are applied one at a time.
 */
export async function requireOwnOrder(
  db: Queryable,
  borrowerId: number,
  orderNo: string,
  productId?: number,
  options: { forUpdate?: boolean } = {},
): Promise<Order> {
  const order = await findOwnOrder(db, borrowerId, orderNo, productId, options);
  if (!order) throw notFound();
  return order;
}

/** An order by number whoever owns it, locked for the transaction (settlement of a provider event only). */
export async function lockOrder(tx: Queryable, orderNo: string): Promise<Order | null> {
  const rows = await tx.query<OrderDbRow>('SELECT * FROM orders WHERE order_no = $1 FOR UPDATE', [orderNo]);
  return rows[0] ? toOrder(rows[0]) : null;
}

/** The borrower's orders, newest application first. */
export async function listOwnOrders(db: Queryable, borrowerId: number): Promise<Order[]> {
  const rows = await db.query<OrderDbRow>('SELECT * FROM orders WHERE borrower_id = $1 ORDER BY applied_at DESC, order_no', [borrowerId]);
  return rows.map(toOrder);
}

/** An instalment row (spec 3 "Instalment plan"); single-payment orders have none. */
export interface Instalment {
  periodNo: number;
  principal: number;
  interest: number;
  amount: number;
  dueDate: string;
  /** 'closed': closed unpaid by a cooling-off exit (migration 014), owed no more. */
  status: 'unpaid' | 'paid' | 'closed';
  paidAt: Date | null;
}

export async function listInstalments(db: Queryable, orderNo: string): Promise<Instalment[]> {
  const rows = await db.query<{
    period_no: number;
    principal: number;
    interest: number;
    amount: number;
    due_date: string;
    status: 'unpaid' | 'paid' | 'closed';
    paid_at: Date | null;
  }>('SELECT period_no, principal, interest, amount, due_date, status, paid_at FROM instalments WHERE order_no = $1 ORDER BY period_no', [
    orderNo,
  ]);
  return rows.map((r) => ({
    periodNo: r.period_no,
    principal: r.principal,
    interest: r.interest,
    amount: r.amount,
    dueDate: r.due_date,
    status: r.status,
    paidAt: r.paid_at,
  }));
}

/** The order's unpaid instalments, oldest first, locked for the transaction (the order row is locked first). */
export async function lockUnpaidInstalments(
  tx: Queryable,
  orderNo: string,
): Promise<{ periodNo: number; amount: number; principal: number; interest: number }[]> {
  const rows = await tx.query<{ period_no: number; amount: number; principal: number; interest: number }>(
    `SELECT period_no, amount, principal, interest FROM instalments WHERE order_no = $1 AND status = 'unpaid' ORDER BY period_no FOR UPDATE`,
    [orderNo],
  );
  return rows.map((r) => ({ periodNo: r.period_no, amount: r.amount, principal: r.principal, interest: r.interest }));
}

/** A full repayment: the order is paid up and settled in `status`, every unpaid instalment paid. */
export async function settleOrderInFull(
  tx: Queryable,
  input: { orderNo: string; latePenalty: number; lateInterest: number; status: number; paidAt: Date },
): Promise<void> {
  await tx.query(
    `UPDATE orders SET paid_amount = amount_due, late_penalty_paid = late_penalty_paid + $2,
       late_interest_paid = late_interest_paid + $3, status = $4, settled_at = $5, updated_at = $5
     WHERE order_no = $1`,
    [input.orderNo, input.latePenalty, input.lateInterest, input.status, input.paidAt],
  );
  await tx.query(`UPDATE instalments SET status = 'paid', paid_at = $2 WHERE order_no = $1 AND status = 'unpaid'`, [
    input.orderNo,
    input.paidAt,
  ]);
}

/** Instalments `periods` paid; the order's paid amount grows by `amount`, settled (at paidAt) when `settled`. */
export async function payInstalments(
  tx: Queryable,
  input: { orderNo: string; periods: number[]; amount: number; status: number; settled: boolean; paidAt: Date },
): Promise<void> {
  await tx.query(`UPDATE instalments SET status = 'paid', paid_at = $3 WHERE order_no = $1 AND period_no = ANY($2::integer[])`, [
    input.orderNo,
    input.periods,
    input.paidAt,
  ]);
  await tx.query(
    `UPDATE orders SET paid_amount = paid_amount + $2, status = $3,
       settled_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE settled_at END, updated_at = $5
     WHERE order_no = $1`,
    [input.orderNo, input.amount, input.status, input.settled, input.paidAt],
  );
}

/**
 * An extension: the order's due date becomes `dueDate` and its status `status`, the late charges and the fee it
 * paid are recorded; unpaid instalments move by `shiftDays` (0: they stay).
 */
export async function extendOrder(
  tx: Queryable,
  input: {
    orderNo: string;
    dueDate: string;
    status: number;
    latePenalty: number;
    lateInterest: number;
    extensionFee: number;
    shiftDays: number;
    paidAt: Date;
  },
): Promise<void> {
  await tx.query(
    `UPDATE orders SET due_date = $2, status = $3, late_penalty_paid = late_penalty_paid + $4,
       late_interest_paid = late_interest_paid + $5, extension_fees_paid = extension_fees_paid + $6,
       extension_count = extension_count + 1, updated_at = $7
     WHERE order_no = $1`,
    [input.orderNo, input.dueDate, input.status, input.latePenalty, input.lateInterest, input.extensionFee, input.paidAt],
  );
  if (input.shiftDays !== 0) {
    await tx.query(`UPDATE instalments SET due_date = due_date + $2::integer WHERE order_no = $1 AND status = 'unpaid'`, [
      input.orderNo,
      input.shiftDays,
    ]);
  }
}

/**
 * A cooling-off exit (issue 18 item 2): the order is closed in `status` (210) at `paidAt`; `amount` is added to
 * what was paid and the rest of amount_due (interest of the days not used, any service fee) is recorded as waived;
 * its unpaid instalments are closed (not paid: nothing more is owed on them).
 */
export async function closeOrderInCoolingOff(
  tx: Queryable,
  input: { orderNo: string; amount: number; status: number; paidAt: Date },
): Promise<void> {
  await tx.query(
    `UPDATE orders SET paid_amount = paid_amount + $2, waived_amount = GREATEST(0, amount_due - paid_amount - $2),
       status = $3, settled_at = $4, updated_at = $4
     WHERE order_no = $1`,
    [input.orderNo, input.amount, input.status, input.paidAt],
  );
  await tx.query(`UPDATE instalments SET status = 'closed' WHERE order_no = $1 AND status = 'unpaid'`, [input.orderNo]);
}

/** The order's status by number whoever owns it (0: no such order). */
export async function orderStatus(tx: Queryable, orderNo: string): Promise<number> {
  const [row] = await tx.query<{ status: number }>('SELECT status FROM orders WHERE order_no = $1', [orderNo]);
  return row?.status ?? 0;
}

/** The product of an order by number whoever owns it (the hosted page's way back), or null. */
export async function productIdOfOrder(db: Queryable, orderNo: string): Promise<number | null> {
  const [row] = await db.query<{ product_id: number }>('SELECT product_id FROM orders WHERE order_no = $1', [orderNo]);
  return row?.product_id ?? null;
}

const ORDER_NO_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'LV' + the business day (YYYYMMDD) + 8 random characters (Crockford base32, 40 bits). */
export function newOrderNo(businessDay: string): string {
  const bytes = randomBytes(8);
  let tail = '';
  for (const b of bytes) tail += ORDER_NO_ALPHABET[b % 32];
  return `LV${businessDay.replace(/-/g, '')}${tail}`;
}

export interface NewOrderInput {
  borrowerId: number;
  productId: number;
  principal: number;
  interest: number;
  /** Deducted from the disbursement; not owed (migration 013). */
  processingFee: number;
  termDays: number;
  dailyRateBp: number;
  businessDay: string;
  now: Date;
  /** The plan's instalments; stored as rows only when there are two or more (single payments have none). */
  instalments: { periodNo: number; principal: number; interest: number; amount: number; dueDate: string }[];
  /**
   * Written in the same transaction as the order (created, or found under review): the confirmation's evidence
   * (key facts, consent), so an order never exists without it, whatever stops the process (issue 34 item 3).
   */
  evidence?: (tx: Queryable, order: { orderNo: string; created: boolean }) => Promise<void>;
}

/**
 * Creates the borrower's order under review (status 21) for a product, or answers the one already under
 * review: the unique index orders_one_under_review_per_product (migration 002) allows one per borrower and
 * product, the INSERT does nothing on it, and the order that is there is read back. Two confirms at once (a
 * double tap, two instances) therefore make one order and both answer it.
 */
export async function createOrderUnderReview(db: Db, input: NewOrderInput): Promise<{ orderNo: string; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction(async (tx) => {
      const orderNo = newOrderNo(input.businessDay);
      const amountDue = input.principal + input.interest;
      const inserted = await tx.query<{ order_no: string }>(
        `INSERT INTO orders (order_no, borrower_id, product_id, status, principal, interest_amount, service_fee, amount_due,
           paid_amount, term_days, daily_rate_bp, instalment_count, is_delay, applied_at, updated_at, processing_fee)
         VALUES ($1, $2, $3, 21, $4, $5, 0, $6, 0, $7, $8, $9, false, $10, $10, $11)
         ON CONFLICT (borrower_id, product_id) WHERE status = 21 DO NOTHING
         RETURNING order_no`,
        [
          orderNo,
          input.borrowerId,
          input.productId,
          input.principal,
          input.interest,
          amountDue,
          input.termDays,
          input.dailyRateBp,
          input.instalments.length,
          input.now,
          input.processingFee,
        ],
      );
      if (inserted.length === 1) {
        if (input.instalments.length > 1) {
          for (const i of input.instalments) {
            await tx.query(
              `INSERT INTO instalments (order_no, period_no, principal, interest, amount, due_date, status)
               VALUES ($1, $2, $3, $4, $5, $6, 'unpaid')`,
              [orderNo, i.periodNo, i.principal, i.interest, i.amount, i.dueDate],
            );
          }
        }
        await input.evidence?.(tx, { orderNo, created: true });
        return { orderNo, created: true };
      }
      const [existing] = await tx.query<{ order_no: string }>(
        'SELECT order_no FROM orders WHERE borrower_id = $1 AND product_id = $2 AND status = 21',
        [input.borrowerId, input.productId],
      );
      if (!existing) return null;
      await input.evidence?.(tx, { orderNo: existing.order_no, created: false });
      return { orderNo: existing.order_no, created: false };
    });
    // null: the order under review changed status between the two statements; try again.
    if (result) return result;
  }
  throw new Error('could not create or find the order under review');
}
