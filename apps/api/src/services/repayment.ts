import { ErrorCode, type RepayType } from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { addDays, daysBetween, jakartaDate } from '../lib/dates.ts';
import { ApiError, badRequest, notFound, paymentRefused } from '../lib/errors.ts';
import type { PaymentEvent, PaymentProvider } from '../providers/payments.ts';
import { listInstalments, lockOrder, type Order } from '../repositories/orders.ts';
import {
  cancelPending,
  eventSeen,
  findPaymentByReference,
  markPaid,
  recordEvent,
  type Payment,
  type PaymentMethod,
} from '../repositories/payments.ts';
import { REPAYING_STATUSES, outstandingOf, type Outstanding } from './loans.ts';

/**
 * Repayment arithmetic and settlement (docs/repayment.md): what an order asks for each kind of repayment, and
 * what a confirmed payment does to the order. Everything in integer minor units.
 */

/** Legacy statuses (ARCHITECTURE.md status catalogue): 3 repaying, 5 overdue → 4 settled. */
const LEGACY_REPAYING: ReadonlySet<number> = new Set([3, 5]);
export const ALL_METHODS: readonly PaymentMethod[] = ['va', 'market', 'card', 'hosted'];

/** The status an order moves to when it is fully repaid: 200, or 4 for a legacy order. */
export const settledStatusOf = (order: Order) => (LEGACY_REPAYING.has(order.status) ? 4 : 200);
/** The status after an extension: back to repaying, not yet due (170, or 3 for a legacy order). */
export const extendedStatusOf = (order: Order) => (LEGACY_REPAYING.has(order.status) ? 3 : 170);

/** A code (virtual account, payment code) lives 24 hours; a pending one is reused only with ≥ 1 hour left. */
export const CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const REUSE_MIN_VALID_MS = 60 * 60 * 1000;
/** Legacy card repayment waiting for its SMS code, or the hosted page: 15 / 30 minutes. */
export const CARD_TTL_MS = 15 * 60 * 1000;
export const HOSTED_TTL_MS = 30 * 60 * 1000;
/** The SMS code of a card repayment: 6 digits, 5 minutes, 5 tries (like the login code). */
export const REPAY_OTP_TTL_MS = 5 * 60 * 1000;
export const REPAY_OTP_MAX_ATTEMPTS = 5;

export interface Due {
  repayType: RepayType;
  /** What the borrower pays: loanPart + latePenalty + lateInterest + extensionFee. */
  amount: number;
  /** Towards amount_due (principal, interest, fees). */
  loanPart: number;
  latePenalty: number;
  lateInterest: number;
  extensionFee: number;
  /** installment: the first unpaid period and how many. */
  periodFrom: number | null;
  periods: number | null;
  /** delay: the due date after the extension (if paid today). */
  newDueDate: string | null;
  owing: Outstanding;
}

/** The later of two 'YYYY-MM-DD' days. */
const laterDay = (a: string, b: string) => (a > b ? a : b);

/**
 * What `order` asks today for a repayment of `repayType` (throws PAYMENT_REFUSED when it asks nothing):
 * - full: everything owed now: unpaid amount + late charges (capped);
 * - installment: the first `periods` (default 1) unpaid instalments, only while the loan is not late;
 * - delay: the order's extension fee + the late charges owed now (settled by the extension).
 */
export async function dueFor(
  db: Queryable,
  order: Order,
  input: { repayType: RepayType; periods?: number | undefined; isRepeatClient: boolean; today: string; capPercent: number | null },
): Promise<Due> {
  if (!REPAYING_STATUSES.has(order.status)) throw paymentRefused('nothingToRepay');
  const owing = outstandingOf(order, input.isRepeatClient, input.today, input.capPercent);
  const base = { periodFrom: null, periods: null, newDueDate: null, owing };
  switch (input.repayType) {
    case 'full':
      if (owing.owed <= 0) throw paymentRefused('nothingToRepay');
      return {
        ...base,
        repayType: 'full',
        amount: owing.owed,
        loanPart: owing.unpaid,
        latePenalty: owing.late.penalty,
        lateInterest: owing.late.interest,
        extensionFee: 0,
      };
    case 'installment': {
      if (order.instalmentCount <= 1) throw paymentRefused('notInstalmentOrder');
      const unpaid = (await listInstalments(db, order.orderNo)).filter((i) => i.status === 'unpaid');
      if (unpaid.length === 0) throw paymentRefused('nothingToRepay');
      if (owing.late.daysOverdue > 0) throw paymentRefused('instalmentOverdue');
      const periods = input.periods ?? 1;
      if (periods < 1 || periods > unpaid.length) throw paymentRefused('periodsInvalid', { count: unpaid.length });
      const amount = unpaid.slice(0, periods).reduce((sum, i) => sum + i.amount, 0);
      return {
        ...base,
        repayType: 'installment',
        amount,
        loanPart: amount,
        latePenalty: 0,
        lateInterest: 0,
        extensionFee: 0,
        periodFrom: unpaid[0]!.periodNo,
        periods,
      };
    }
    case 'delay': {
      if (!order.isDelay || order.extensionDays === null || order.extensionFee === null) throw paymentRefused('delayNotAllowed');
      const from = order.dueDate ? laterDay(order.dueDate, input.today) : input.today;
      const fee = order.extensionFee;
      const amount = fee + owing.late.total;
      if (amount <= 0) throw paymentRefused('delayNotAllowed');
      return {
        ...base,
        repayType: 'delay',
        amount,
        loanPart: 0,
        latePenalty: owing.late.penalty,
        lateInterest: owing.late.interest,
        extensionFee: fee,
        newDueDate: addDays(from, order.extensionDays),
      };
    }
  }
}

/**
 * Applies a confirmed payment to its order, inside the caller's transaction: the order row is locked, the
 * payment's frozen breakdown is applied, the payment is marked paid and every other pending payment of the
 * order is cancelled (their amounts no longer hold). Throws PAYMENT_REFUSED when the order changed so that
 * the payment no longer fits (nothing is applied then).
 *
 * - full → the order is settled (170/174/180 → 200, 3/5 → 4), every unpaid instalment paid;
 * - installment → its instalments paid; all paid → settled;
 * - delay → the due date moves by the extension days from the later of the old due date and the payment day
 *   (unpaid instalments move by the same number of days), the order returns to 170 (legacy: 3); the late
 *   charges the payment included are recorded as paid.
 */
export async function settlePayment(tx: Queryable, payment: Payment, paidAt: Date, providerEvent: string): Promise<{ orderStatus: number }> {
  const order = await lockOrder(tx, payment.orderNo);
  if (!order || !REPAYING_STATUSES.has(order.status)) throw paymentRefused('paymentNotPayable');
  const today = jakartaDate(paidAt);
  let status = order.status;
  switch (payment.repayType) {
    case 'full': {
      if (payment.loanPart !== order.amountDue - order.paidAmount) throw paymentRefused('paymentNotPayable');
      status = settledStatusOf(order);
      await tx.query(
        `UPDATE orders SET paid_amount = amount_due, late_penalty_paid = late_penalty_paid + $2,
           late_interest_paid = late_interest_paid + $3, status = $4, settled_at = $5, updated_at = $5
         WHERE order_no = $1`,
        [order.orderNo, payment.latePenalty, payment.lateInterest, status, paidAt],
      );
      await tx.query(`UPDATE instalments SET status = 'paid', paid_at = $2 WHERE order_no = $1 AND status = 'unpaid'`, [order.orderNo, paidAt]);
      break;
    }
    case 'installment': {
      const unpaid = await tx.query<{ period_no: number; amount: number }>(
        `SELECT period_no, amount FROM instalments WHERE order_no = $1 AND status = 'unpaid' ORDER BY period_no FOR UPDATE`,
        [order.orderNo],
      );
      const take = unpaid.slice(0, payment.periods ?? 0);
      const sum = take.reduce((s, i) => s + i.amount, 0);
      if (take.length !== payment.periods || take[0]?.period_no !== payment.periodFrom || sum !== payment.loanPart) {
        throw paymentRefused('paymentNotPayable');
      }
      const allPaid = take.length === unpaid.length;
      if (allPaid) status = settledStatusOf(order);
      await tx.query(`UPDATE instalments SET status = 'paid', paid_at = $3 WHERE order_no = $1 AND period_no = ANY($2::integer[])`, [
        order.orderNo,
        take.map((i) => i.period_no),
        paidAt,
      ]);
      await tx.query(
        `UPDATE orders SET paid_amount = paid_amount + $2, status = $3,
           settled_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE settled_at END, updated_at = $5
         WHERE order_no = $1`,
        [order.orderNo, payment.loanPart, status, allPaid, paidAt],
      );
      break;
    }
    case 'delay': {
      if (!order.isDelay || order.extensionDays === null) throw paymentRefused('paymentNotPayable');
      const from = order.dueDate ? laterDay(order.dueDate, today) : today;
      const newDue = addDays(from, order.extensionDays);
      const shift = order.dueDate ? daysBetween(order.dueDate, newDue) : 0;
      status = extendedStatusOf(order);
      await tx.query(
        `UPDATE orders SET due_date = $2, status = $3, late_penalty_paid = late_penalty_paid + $4,
           late_interest_paid = late_interest_paid + $5, extension_fees_paid = extension_fees_paid + $6,
           extension_count = extension_count + 1, updated_at = $7
         WHERE order_no = $1`,
        [order.orderNo, newDue, status, payment.latePenalty, payment.lateInterest, payment.extensionFee, paidAt],
      );
      if (shift !== 0) {
        await tx.query(`UPDATE instalments SET due_date = due_date + $2::integer WHERE order_no = $1 AND status = 'unpaid'`, [
          order.orderNo,
          shift,
        ]);
      }
      break;
    }
  }
  await markPaid(tx, payment.id, paidAt, providerEvent);
  await cancelPending(tx, order.orderNo, ALL_METHODS, payment.id);
  return { orderStatus: status };
}

export interface ApplyResult {
  /** false: this event (or another one for the same payment) was applied before; nothing changed now. */
  applied: boolean;
  reference: string;
  orderNo: string;
  orderStatus: number;
}

async function orderStatusOf(tx: Queryable, orderNo: string): Promise<number> {
  const [row] = await tx.query<{ status: number }>('SELECT status FROM orders WHERE order_no = $1', [orderNo]);
  return row?.status ?? 0;
}

/**
 * Applies a verified provider event once, in one transaction:
 * event id seen before → nothing (applied false); unknown reference → NOT_FOUND; payment already paid →
 * nothing (applied false); vcode or channel not the payment's → PAYMENT_REFUSED; the code expired or was
 * replaced before it was paid → PAYMENT_REFUSED; amount not exactly the code's → PAYMENT_REFUSED; otherwise
 * the payment settles its order (settlePayment) and the event is recorded. A refusal changes nothing.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent, body: unknown, now: Date): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const payment = await findPaymentByReference(tx, event.reference, { forUpdate: true });
    if (!payment) throw notFound();
    const done = { applied: false, reference: payment.reference, orderNo: payment.orderNo };
    // The payment row is locked: a redelivery running at the same time waits here and then sees the event.
    if (payment.state === 'paid' || (await eventSeen(tx, event.id))) return { ...done, orderStatus: await orderStatusOf(tx, payment.orderNo) };
    if (payment.vcode !== event.vcode || payment.channel !== event.channel) throw paymentRefused('callbackMismatch');
    // The provider's payment time, never later than our clock.
    const paidAt = event.paidAt.getTime() > now.getTime() ? now : event.paidAt;
    if (payment.state !== 'pending' || payment.expiresAt.getTime() <= paidAt.getTime()) throw paymentRefused('paymentCodeExpired');
    if (event.amount !== payment.amount) throw paymentRefused('callbackAmountMismatch');
    const { orderStatus } = await settlePayment(tx, payment, paidAt, event.id);
    await recordEvent(tx, { eventId: event.id, paymentId: payment.id, amount: event.amount, body, receivedAt: now });
    return { ...done, applied: true, orderStatus };
  });
}

/** A card charged at once through the provider: settle the payment and record the charge as its event. */
export async function applyCardCharge(tx: Queryable, payment: Payment, chargeId: string, now: Date): Promise<{ orderStatus: number }> {
  const result = await settlePayment(tx, payment, now, chargeId);
  await recordEvent(tx, {
    eventId: chargeId,
    paymentId: payment.id,
    amount: payment.amount,
    body: { type: 'card.charged', chargeId, reference: payment.reference, amount: payment.amount },
    receivedAt: now,
  });
  return result;
}

/**
 * The one path of every provider callback (the HTTP route, and in demo mode the sandbox's simulate call and its
 * hosted page): verify the signature over the raw body (missing or wrong → UNAUTHORIZED, nothing read further),
 * parse the event (not an event → BAD_REQUEST), then apply it once (applyPaymentEvent).
 */
export async function processSignedCallback(
  provider: PaymentProvider,
  db: Db,
  rawBody: string,
  signature: string | undefined,
  now: Date,
): Promise<ApplyResult> {
  const verdict = provider.verifyCallback(rawBody, signature);
  if (!verdict.ok) {
    if (verdict.reason === 'signature') throw new ApiError(ErrorCode.unauthorized, 'callbackSignatureInvalid');
    throw badRequest('callbackMalformed');
  }
  return applyPaymentEvent(db, verdict.event, JSON.parse(rawBody) as unknown, now);
}
