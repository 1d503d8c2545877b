import type { Queryable } from '../db/types.ts';
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
}

interface OrderDbRow {
  order_no: string;
  borrower_id: number;
  product_id: number;
  status: number;
  principal: number;
  interest_amount: number;
  service_fee: number;
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
}

const toOrder = (r: OrderDbRow): Order => ({
  orderNo: r.order_no,
  borrowerId: r.borrower_id,
  productId: r.product_id,
  status: r.status,
  principal: r.principal,
  interestAmount: r.interest_amount,
  serviceFee: r.service_fee,
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
): Promise<Order | null> {
  const rows = await db.query<OrderDbRow>(
    `SELECT * FROM orders WHERE order_no = $1 AND borrower_id = $2 AND ($3::integer IS NULL OR product_id = $3::integer)`,
    [orderNo, borrowerId, productId ?? null],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

/** findOwnOrder, throwing the NOT_FOUND ApiError when there is none. */
export async function requireOwnOrder(db: Queryable, borrowerId: number, orderNo: string, productId?: number): Promise<Order> {
  const order = await findOwnOrder(db, borrowerId, orderNo, productId);
  if (!order) throw notFound();
  return order;
}

/** The borrower's orders, newest application first. */
export async function listOwnOrders(db: Queryable, borrowerId: number): Promise<Order[]> {
  const rows = await db.query<OrderDbRow>('SELECT * FROM orders WHERE borrower_id = $1 ORDER BY applied_at DESC, order_no', [
    borrowerId,
  ]);
  return rows.map(toOrder);
}
