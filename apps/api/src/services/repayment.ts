import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type Receipt, type RepayType, type UnappliedReason } from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { formatMoney } from '../i18n/format.ts';
import { t, type Lang, type MessageKey } from '../i18n/messages.ts';
import { addDays, daysBetween, jakartaDate } from '../lib/dates.ts';
import { ApiError, badRequest, notFound, paymentRefused } from '../lib/errors.ts';
import { withRetriedTransaction } from '../lib/transaction-retry.ts';
import type { PaymentEvent, PaymentProvider } from '../providers/payments.ts';
import {
  NO_ALLOCATION,
  allocationTotal,
  appliedSince,
  closeUnappliedFund,
  creditLedgerEntry,
  findUnappliedFund,
  insertLedgerEntry,
  insertUnappliedFund,
  listOrderEntries,
  lockEntrySource,
  refundLedgerEntry,
  type Allocation,
  type LedgerEntry,
  type ReceiptRow,
} from '../repositories/ledger.ts';
import {
  closeOrderInCoolingOff,
  extendOrder,
  listInstalments,
  lockOrder,
  lockUnpaidInstalments,
  orderStatus,
  payInstalments,
  settleOrderInFull,
  type Order,
} from '../repositories/orders.ts';
import {
  cancelPending,
  eventSeen,
  findPaymentByReference,
  markExpiredAtProvider,
  markPaid,
  paymentIntent,
  pendingPayments,
  recordEvent,
  type Payment,
  type PaymentMethod,
} from '../repositories/payments.ts';
import { insertAudit, type AuditDetail } from '../repositories/ops-console.ts';
import { isRepeatClient } from '../repositories/sessions.ts';
import { getCoolingOffDays, getLateChargeCapPercent } from '../repositories/settings.ts';
import { COOLING_OFF_EXIT_STATUS, coolingOffOf } from './cooling-off.ts';
import { findBank } from './payment-methods.ts';
import { recordUnmatchedCallback, unmatchedReasonOf } from './unmatched-callbacks.ts';
import { earlyRepaymentVerdict, instalmentPayableFrom } from './early-repayment.ts';
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
  /** cooling_off: the days of interest and that interest (principal + exitInterest − paid = amount). */
  exitDays: number | null;
  exitInterest: number | null;
  owing: Outstanding;
}

/** The later of two 'YYYY-MM-DD' days. */
const laterDay = (a: string, b: string) => (a > b ? a : b);

/**
 * What `order` asks today for a repayment of `repayType` (throws PAYMENT_REFUSED when it asks nothing):
 * - full: everything owed now: unpaid amount + late charges (capped);
 * - installment: the first `periods` (default 1) unpaid instalments, only while the loan is not late;
 * - delay: the order's extension fee + the late charges owed now (settled by the extension);
 * - cooling_off (issue 18 item 2): leaving the loan in its cooling-off period: principal + interest for the days
 *   used − what was paid (services/cooling-off.ts); refused with 'coolingOffClosed' outside the period.
 */
export async function dueFor(
  db: Queryable,
  order: Order,
  input: { repayType: RepayType; periods?: number | undefined; isRepeatClient: boolean; today: string; capPercent: number | null },
): Promise<Due> {
  if (!REPAYING_STATUSES.has(order.status)) throw paymentRefused('nothingToRepay');
  const owing = outstandingOf(order, input.isRepeatClient, input.today, input.capPercent);
  const base = { periodFrom: null, periods: null, newDueDate: null, exitDays: null, exitInterest: null, owing };
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
    case 'cooling_off': {
      const exit = coolingOffOf(order, input.today, await getCoolingOffDays(db));
      if (!exit) throw paymentRefused('coolingOffClosed');
      return {
        ...base,
        repayType: 'cooling_off',
        amount: exit.amount,
        loanPart: exit.amount,
        latePenalty: 0,
        lateInterest: 0,
        extensionFee: 0,
        exitDays: exit.daysUsed,
        exitInterest: exit.interest,
      };
    }
  }
}

/**
 * A repayment as the order's state changes apply it: the frozen breakdown of a payment code (as issued) or what
 * the order asks today (dueFor).
 */
interface Breakdown {
  repayType: RepayType;
  loanPart: number;
  latePenalty: number;
  lateInterest: number;
  extensionFee: number;
  periodFrom: number | null;
  periods: number | null;
  /** cooling_off: the interest the code was issued for (frozen with it). */
  exitInterest: number | null;
}

/** What applying a breakdown did: its split by the application order, the instalments it paid, the new status. */
interface Applied extends Allocation {
  repayType: RepayType;
  periods: number[];
  orderStatus: number;
}

const breakdownOf = (p: Payment | Due): Breakdown => ({
  repayType: p.repayType,
  loanPart: p.loanPart,
  latePenalty: p.latePenalty,
  lateInterest: p.lateInterest,
  extensionFee: p.extensionFee,
  periodFrom: p.periodFrom,
  periods: p.periods,
  exitInterest: p.exitInterest,
});

const breakdownTotal = (b: Breakdown) => b.loanPart + b.latePenalty + b.lateInterest + b.extensionFee;

/**
 * Applies a repayment to the order (locked by the caller), inside the caller's transaction, or returns null when
 * it no longer fits the order (nothing written then). The application order (docs/repayment.md "Ledger"):
 * late charges first (penalty, then late interest), then interest and fees, then principal, instalments oldest
 * first (each its interest, then its principal); an extension pays the late charges, then its fee.
 *
 * - full → the order is settled (170/174/180 → 200, 3/5 → 4), every unpaid instalment paid;
 * - installment → its instalments paid; all paid → settled;
 * - delay → the due date moves by the extension days from the later of the old due date and the payment day
 *   (unpaid instalments move by the same number of days), the order returns to 170 (legacy: 3); the late
 *   charges the payment included are recorded as paid;
 * - cooling_off → the order is closed in status 210, the rest of its interest waived, its unpaid instalments
 *   closed. Applied as issued whatever the day (a code issued inside the period and paid after it is honoured),
 *   as long as the order still fits it: principal + the code's interest − paid = its loan part (nothing was paid
 *   since). Split like a full repayment: what is unpaid is principal first.
 */
async function applyBreakdown(tx: Queryable, order: Order, b: Breakdown, paidAt: Date): Promise<Applied | null> {
  if (!REPAYING_STATUSES.has(order.status)) return null;
  const today = jakartaDate(paidAt);
  const late = { latePenalty: b.latePenalty, lateInterest: b.lateInterest };
  switch (b.repayType) {
    case 'full': {
      if (b.loanPart !== order.amountDue - order.paidAmount || b.extensionFee !== 0) return null;
      const unpaid = await lockUnpaidInstalments(tx, order.orderNo);
      // Interest is paid before principal, so what is still unpaid is principal first.
      const principalLeft = unpaid.length > 0 ? unpaid.reduce((s, i) => s + i.principal, 0) : order.principal;
      const principal = Math.min(b.loanPart, principalLeft);
      const status = settledStatusOf(order);
      await settleOrderInFull(tx, { orderNo: order.orderNo, latePenalty: b.latePenalty, lateInterest: b.lateInterest, status, paidAt });
      return {
        ...late,
        repayType: 'full',
        principal,
        interest: b.loanPart - principal,
        extensionFee: 0,
        periods: unpaid.map((i) => i.periodNo),
        orderStatus: status,
      };
    }
    case 'installment': {
      if (b.latePenalty + b.lateInterest + b.extensionFee !== 0) return null;
      const unpaid = await lockUnpaidInstalments(tx, order.orderNo);
      const take = unpaid.slice(0, b.periods ?? 0);
      const sum = take.reduce((s, i) => s + i.amount, 0);
      if (take.length === 0 || take.length !== b.periods || take[0]?.periodNo !== b.periodFrom || sum !== b.loanPart) return null;
      const allPaid = take.length === unpaid.length;
      const status = allPaid ? settledStatusOf(order) : order.status;
      const periods = take.map((i) => i.periodNo);
      await payInstalments(tx, { orderNo: order.orderNo, periods, amount: b.loanPart, status, settled: allPaid, paidAt });
      const principal = take.reduce((s, i) => s + i.principal, 0);
      return {
        ...late,
        repayType: 'installment',
        principal,
        interest: b.loanPart - principal,
        extensionFee: 0,
        periods,
        orderStatus: status,
      };
    }
    case 'delay': {
      if (!order.isDelay || order.extensionDays === null || b.loanPart !== 0) return null;
      const from = order.dueDate ? laterDay(order.dueDate, today) : today;
      const newDue = addDays(from, order.extensionDays);
      const shift = order.dueDate ? daysBetween(order.dueDate, newDue) : 0;
      const status = extendedStatusOf(order);
      await extendOrder(tx, {
        orderNo: order.orderNo,
        dueDate: newDue,
        status,
        latePenalty: b.latePenalty,
        lateInterest: b.lateInterest,
        extensionFee: b.extensionFee,
        shiftDays: shift,
        paidAt,
      });
      return { ...late, repayType: 'delay', principal: 0, interest: 0, extensionFee: b.extensionFee, periods: [], orderStatus: status };
    }
    case 'cooling_off': {
      if (b.exitInterest === null || b.latePenalty + b.lateInterest + b.extensionFee !== 0) return null;
      if (b.loanPart <= 0 || b.loanPart !== order.principal + b.exitInterest - order.paidAmount) return null;
      const unpaid = await lockUnpaidInstalments(tx, order.orderNo);
      // Interest is paid before principal (instalments: each its interest first), so what is unpaid is principal
      // first; interest already paid beyond the days used pays principal (the interest part is then 0).
      const principalLeft = unpaid.length > 0 ? unpaid.reduce((s, i) => s + i.principal, 0) : order.principal;
      const principal = Math.min(b.loanPart, principalLeft);
      await closeOrderInCoolingOff(tx, { orderNo: order.orderNo, amount: b.loanPart, status: COOLING_OFF_EXIT_STATUS, paidAt });
      return {
        ...late,
        repayType: 'cooling_off',
        principal,
        interest: b.loanPart - principal,
        extensionFee: 0,
        periods: [],
        orderStatus: COOLING_OFF_EXIT_STATUS,
      };
    }
  }
}

/** What the order asks today for a repayment, or null when it asks nothing of that kind (any refusal). */
async function dueOrNull(tx: Queryable, order: Order, input: Parameters<typeof dueFor>[2]): Promise<Due | null> {
  try {
    return await dueFor(tx, order, input);
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

/** One thing held money can pay on its order today: the money desk's choices and the callbacks' (issue 34). */
export interface RepaymentOption {
  repayType: RepayType;
  periodFrom: number | null;
  periods: number | null;
  /** What it costs today. */
  amount: number;
  /** The money covers it. */
  covered: boolean;
  /** It pays ahead of its period before early repayment opens (spec 9): the first day it can; null: it can today. */
  payableFrom: string | null;
  /** The order after it. */
  newStatus: number;
  newDueDate: string | null;
  due: Due;
}

/**
 * What `amount` can pay on `order` (locked by the caller, or read for a list) on the day of `paidAt`, as whole
 * repayments, in this order: what the payment's code asked for (`asked`: an extension only when `extend`; a
 * cooling-off exit while its period lasts), the whole balance, then the first 1, 2, … unpaid instalments up to the
 * first the amount does not cover. Each says whether the amount covers it and whether the early-repayment rule
 * lets it be paid today. The one place that decides what held money may become: the callbacks apply the first
 * covered and payable one (applyAsOwedToday), the operator applies the one chosen (resolveUnappliedFund).
 * An extension is offered only where the borrower's own code asked for one: never bought on their behalf.
 */
export async function repaymentOptions(
  tx: Queryable,
  order: Order,
  input: { amount: number; asked: { repayType: RepayType; periods: number | null }; extend: boolean; paidAt: Date },
): Promise<RepaymentOption[]> {
  if (!REPAYING_STATUSES.has(order.status)) return [];
  const base = {
    isRepeatClient: await isRepeatClient(tx, order.borrowerId),
    today: jakartaDate(input.paidAt),
    capPercent: await getLateChargeCapPercent(tx),
  };
  const instalments = order.instalmentCount > 1 ? await listInstalments(tx, order.orderNo) : [];
  const unpaid = instalments.filter((i) => i.status === 'unpaid');
  const options: RepaymentOption[] = [];
  const add = (due: Due | null) => {
    if (!due) return;
    const verdict = earlyRepaymentVerdict(order, { repayType: due.repayType, periods: due.periods }, instalments, base.today);
    // Refused today: the day it stops being refused, when the last instalment it pays enters its period or early
    // repayment opens (a single-payment loan: when early repayment opens, always before its due date).
    const last = due.repayType === 'installment' ? unpaid[(due.periods ?? 1) - 1] : unpaid[unpaid.length - 1];
    const payableFrom = verdict.allowed ? null : last ? instalmentPayableFrom(order, instalments, last.periodNo) : verdict.from;
    const settles = due.repayType === 'full' || (due.repayType === 'installment' && due.periods === unpaid.length);
    options.push({
      repayType: due.repayType,
      periodFrom: due.periodFrom,
      periods: due.periods,
      amount: due.amount,
      covered: due.amount <= input.amount,
      payableFrom,
      newStatus:
        due.repayType === 'delay'
          ? extendedStatusOf(order)
          : due.repayType === 'cooling_off'
            ? COOLING_OFF_EXIT_STATUS
            : settles
              ? settledStatusOf(order)
              : order.status,
      newDueDate: due.repayType === 'delay' ? due.newDueDate : settles || due.repayType === 'cooling_off' ? null : order.dueDate,
      due,
    });
  };
  const { asked } = input;
  if (asked.repayType === 'delay' ? input.extend : asked.repayType === 'cooling_off')
    add(await dueOrNull(tx, order, { ...base, repayType: asked.repayType }));
  const full = await dueOrNull(tx, order, { ...base, repayType: 'full' });
  add(full);
  for (let periods = 1; periods <= unpaid.length; periods++) {
    const due = await dueOrNull(tx, order, { ...base, repayType: 'installment', periods });
    // All the instalments at once is the whole balance, offered above.
    if (!due || (full && periods === unpaid.length && due.amount === full.amount)) break;
    add(due);
    if (due.amount > input.amount) break;
  }
  return options;
}

/**
 * Money that cannot be applied as its code was issued (the code was replaced or had expired, the amount differs,
 * the order changed): applied to what the order asks on the payment day, in whole repayments only, among the
 * covered options payable today (repaymentOptions): what the code was for (an instalment code: as many
 * instalments as it was for; an extension only when `extend`), the full balance, as many whole instalments
 * (oldest first) as the amount covers. null: none is covered (the money is held).
 * Partial amounts are not applied: late charges are recomputed from the due date, so a part of them paid
 * would be charged again (docs/repayment.md "Application order").
 */
async function applyAsOwedToday(
  tx: Queryable,
  order: Order,
  intent: { repayType: RepayType; periods: number | null; extend: boolean },
  amount: number,
  paidAt: Date,
): Promise<Applied | null> {
  const options = (await repaymentOptions(tx, order, { amount, asked: intent, extend: intent.extend, paidAt })).filter(
    (o) => o.covered && o.payableFrom === null,
  );
  const instalments = options.filter((o) => o.repayType === 'installment');
  const ordered = [
    options.find((o) => o.repayType === intent.repayType && (intent.repayType !== 'installment' || o.periods === (intent.periods ?? 1))),
    options.find((o) => o.repayType === 'full'),
    instalments[instalments.length - 1],
  ];
  for (const option of ordered) {
    if (!option) continue;
    const applied = await applyBreakdown(tx, order, breakdownOf(option.due), paidAt);
    if (applied) return applied;
  }
  return null;
}

async function expireAtProvider(tx: Queryable, provider: PaymentProvider, cancelled: Payment[], now: Date, strict: boolean): Promise<void> {
  for (const p of cancelled) {
    if (p.method === 'card') continue; // a card record is charged only by us (confirm), nothing is payable
    try {
      await provider.expire({ reference: p.reference, vcode: p.vcode, channel: p.channel });
    } catch (err) {
      if (strict) throw new ApiError(ErrorCode.paymentRefused, 'providerUnavailable', undefined, { status: 503 });
      // Settlement goes on (the money is in); the code stays marked as not expired at the provider.
      void err;
      continue;
    }
    await markExpiredAtProvider(tx, p.id, now);
  }
}

/**
 * Replacing codes (generate-vcode, repayment-huichao): the order's pending payments of `methods` are expired at
 * the provider first, then cancelled here, so a second number is never live without our knowing. A provider
 * that refuses → PAYMENT_REFUSED 503 'The payment service is not available…' and nothing is issued.
 */
export async function replacePendingCodes(
  tx: Queryable,
  provider: PaymentProvider,
  orderNo: string,
  methods: readonly PaymentMethod[],
  now: Date,
): Promise<void> {
  const pending = await pendingPayments(tx, orderNo, methods);
  for (const p of pending) {
    try {
      await provider.expire({ reference: p.reference, vcode: p.vcode, channel: p.channel });
    } catch {
      throw new ApiError(ErrorCode.paymentRefused, 'providerUnavailable', undefined, { status: 503 });
    }
  }
  await cancelPending(tx, orderNo, methods, null);
  for (const p of pending) await markExpiredAtProvider(tx, p.id, now);
}

export interface Received {
  orderStatus: number;
  entry: LedgerEntry;
  /** Held for an operator (0 when everything was applied). */
  unapplied: number;
}

/**
 * Money the provider reported for `payment` (a callback, a card charge), inside the caller's transaction, with
 * the order row locked first (docs/repayment.md "Locks"). Always recorded (one ledger entry; the caller checked
 * it is not a repeat): applied as issued when the code was live and the amount covers it, else to what the order
 * asks today (applyAsOwedToday); what is left is held as an unapplied fund. When something was applied, every
 * other pending payment of the order is cancelled (and expired at the provider): their amounts no longer hold.
 * A second payment on a code already paid is money too: recorded the same way (the code keeps its first payment's
 * time and event), and what it cannot pay is held as 'code_already_paid'.
 */
export async function receiveMoney(
  tx: Queryable,
  provider: PaymentProvider,
  input: { payment: Payment; amount: number; paidAt: Date; providerEvent: string; now: Date },
): Promise<Received> {
  const { payment, amount, paidAt, now } = input;
  const order = await lockOrder(tx, payment.orderNo);
  const repaying = order !== null && REPAYING_STATUSES.has(order.status);
  const inTime = payment.state === 'pending' && payment.expiresAt.getTime() > paidAt.getTime();
  let applied: Applied | null = null;
  if (order && repaying) {
    if (inTime && amount >= breakdownTotal(breakdownOf(payment))) applied = await applyBreakdown(tx, order, breakdownOf(payment), paidAt);
    // A stale extension code (replaced or expired) extends only if nothing was applied to the order since it was
    // issued: paid after another payment extended or repaid the loan, it would buy an extension nobody asked for.
    const extend = inTime || !(await appliedSince(tx, payment.orderNo, payment.createdAt));
    applied ??= await applyAsOwedToday(tx, order, { repayType: payment.repayType, periods: payment.periods, extend }, amount, paidAt);
  }
  const allocation: Allocation = applied ?? NO_ALLOCATION;
  const rest = amount - allocationTotal(allocation);
  if (payment.state !== 'paid') await markPaid(tx, payment.id, paidAt, input.providerEvent);
  const entry = await insertLedgerEntry(tx, {
    providerEvent: input.providerEvent,
    paymentId: payment.id,
    orderNo: payment.orderNo,
    borrowerId: payment.borrowerId,
    amount,
    repayType: applied?.repayType ?? payment.repayType,
    periods: applied?.periods ?? [],
    principal: allocation.principal,
    interest: allocation.interest,
    latePenalty: allocation.latePenalty,
    lateInterest: allocation.lateInterest,
    extensionFee: allocation.extensionFee,
    unapplied: rest,
    paidAt,
    receivedAt: now,
  });
  if (rest > 0) {
    const reason: UnappliedReason = applied
      ? 'overpayment'
      : payment.state === 'paid'
        ? 'code_already_paid'
        : payment.state === 'cancelled'
          ? 'code_replaced'
          : !inTime
            ? 'code_expired'
            : repaying
              ? 'short_payment'
              : 'order_settled';
    await insertUnappliedFund(tx, { ledgerEntryId: entry.id, orderNo: payment.orderNo, amount: rest, reason, createdAt: now });
  }
  if (applied) {
    const cancelled = await cancelPending(tx, payment.orderNo, ALL_METHODS, payment.id);
    await expireAtProvider(tx, provider, cancelled, now, false);
  }
  return { orderStatus: applied?.orderStatus ?? order?.status ?? 0, entry, unapplied: rest };
}

export interface ApplyResult {
  /** false: this event was recorded before (a redelivery); nothing changed now. */
  applied: boolean;
  reference: string;
  orderNo: string;
  orderStatus: number;
  /** What this event left held for an operator (0 when all of it was applied, or on a repeat). */
  unapplied: number;
}

/**
 * Records a verified provider event once, in one transaction (retried on a deadlock or serialization failure),
 * taking the order row first, then the payment (the lock order of every money path):
 * unknown reference → NOT_FOUND; vcode or channel not the payment's → PAYMENT_REFUSED (a provider error, nothing
 * recorded); event id recorded before → nothing (applied false); otherwise the money is recorded whatever state
 * the code is in, paid before included (receiveMoney): applied to the order, or held as an unapplied fund.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
  body: unknown,
  now: Date,
): Promise<ApplyResult> {
  return withRetriedTransaction(db, async (tx) => {
    const seen = await findPaymentByReference(tx, event.reference);
    if (!seen) throw notFound();
    // Order row first, then the payment: the order a new-code request or a card commit takes too.
    await lockOrder(tx, seen.orderNo);
    const payment = (await findPaymentByReference(tx, event.reference, { forUpdate: true }))!;
    const done = { applied: false, reference: payment.reference, orderNo: payment.orderNo, unapplied: 0 };
    if (payment.vcode !== event.vcode || payment.channel !== event.channel) throw paymentRefused('callbackMismatch');
    // A repeat is this event delivered again (every ledger entry stores its event in the same transaction, and
    // ledger_entries.provider_event is unique as a further guard). Another event on a code already paid is a second
    // payment: money received, so it is recorded like any other (a provider may accept a closed code twice, a shop
    // may ring twice).
    if (await eventSeen(tx, event.id)) {
      return { ...done, orderStatus: await orderStatus(tx, payment.orderNo) };
    }
    // The provider's payment time, never later than our clock.
    const paidAt = event.paidAt.getTime() > now.getTime() ? now : event.paidAt;
    const received = await receiveMoney(tx, provider, { payment, amount: event.amount, paidAt, providerEvent: event.id, now });
    await recordEvent(tx, { eventId: event.id, paymentId: payment.id, amount: event.amount, body, receivedAt: now });
    return { ...done, applied: true, orderStatus: received.orderStatus, unapplied: received.unapplied };
  });
}

/**
 * A card charged at once through the provider (legacy commit / confirm, the order already locked by the caller):
 * the charge is recorded in the ledger and applied like any payment, and stored as the payment's event.
 */
export async function applyCardCharge(
  tx: Queryable,
  provider: PaymentProvider,
  payment: Payment,
  chargeId: string,
  now: Date,
): Promise<{ orderStatus: number }> {
  const received = await receiveMoney(tx, provider, { payment, amount: payment.amount, paidAt: now, providerEvent: chargeId, now });
  await recordEvent(tx, {
    eventId: chargeId,
    paymentId: payment.id,
    amount: payment.amount,
    body: { type: 'card.charged', chargeId, reference: payment.reference, amount: payment.amount },
    receivedAt: now,
  });
  return { orderStatus: received.orderStatus };
}

/**
 * The one path of every provider callback (the HTTP route, and in demo mode the sandbox's simulate call and its
 * hosted page): verify the signature over the raw body (missing or wrong → UNAUTHORIZED, nothing read further,
 * nothing recorded), parse the event (not an event → BAD_REQUEST), then record it once (applyPaymentEvent).
 * A signature-valid callback refused as not an event, for an unknown bill or a code/channel not the bill's is
 * kept for an operator (services/unmatched-callbacks.ts, its own statement), then refused exactly as before.
 */
export async function processSignedCallback(
  provider: PaymentProvider,
  db: Db,
  rawBody: string,
  signature: string | undefined,
  now: Date,
  log: FastifyBaseLogger,
): Promise<ApplyResult> {
  const verdict = provider.verifyCallback(rawBody, signature);
  if (!verdict.ok) {
    if (verdict.reason === 'signature') throw new ApiError(ErrorCode.unauthorized, 'callbackSignatureInvalid');
    await recordUnmatchedCallback(db, { reason: 'malformed', rawBody, now, log });
    throw badRequest('callbackMalformed');
  }
  try {
    return await applyPaymentEvent(db, provider, verdict.event, JSON.parse(rawBody) as unknown, now);
  } catch (err) {
    const reason = unmatchedReasonOf(err);
    if (reason) await recordUnmatchedCallback(db, { reason, rawBody, now, log });
    throw err;
  }
}

/** The success message of a recorded payment event: applied, held (naming what is held) or a repeat. */
export function paymentEventMessage(result: ApplyResult, lang: Lang): { key: MessageKey; vars?: Record<string, string> } {
  if (!result.applied) return { key: 'paymentAlreadyApplied' };
  if (result.unapplied > 0) return { key: 'paymentHeld', vars: { amount: formatMoney(result.unapplied, lang) } };
  return { key: 'paymentApplied' };
}

/**
 * The provider's callback as the HTTP route answers it (processSignedCallback): what the envelope carries and
 * its message. A refusal is logged (code and reason) and thrown on, to become its envelope.
 */
export async function receiveCallback(
  provider: PaymentProvider,
  db: Db,
  input: { rawBody: string; signature: string | undefined; now: Date; lang: Lang; log: FastifyBaseLogger },
): Promise<{ data: { applied: boolean; reference: string; orderStatus: number }; message: string }> {
  try {
    const result = await processSignedCallback(provider, db, input.rawBody, input.signature, input.now, input.log);
    input.log.info({ reference: result.reference, applied: result.applied, unapplied: result.unapplied }, 'payment callback');
    const message = paymentEventMessage(result, input.lang);
    return {
      data: { applied: result.applied, reference: result.reference, orderStatus: result.orderStatus },
      message: t(input.lang, message.key, message.vars),
    };
  } catch (err) {
    if (err instanceof ApiError) input.log.warn({ code: err.code, reason: err.messageKey }, 'payment callback refused');
    throw err;
  }
}

// --- Unapplied funds: an operator applies or refunds -------------------------------------------------------------

export type ResolveAction = 'apply' | 'refund';

/**
 * Resolves an open unapplied fund (operator API), in one retried transaction with the order row locked first,
 * with its audit row (ops_audit, kind 'fund') in the same transaction:
 * - apply: credited as exactly the option the operator chose among repaymentOptions (what the list offered);
 *   the fund closes for what was applied and a new open fund ('overpayment') holds any rest. Refused when the
 *   order asks nothing or no longer offers that choice (CONFLICT), when the amount does not cover it (CONFLICT),
 *   or when it would pay ahead before early repayment opens (EARLY_REPAYMENT, with the day).
 * - refund: returned through the provider (idempotent per fund), the fund closes as refunded.
 * Unknown fund → NOT_FOUND; already resolved → CONFLICT.
 */
export async function resolveUnappliedFund(
  db: Db,
  provider: PaymentProvider,
  input: {
    id: number;
    action: ResolveAction;
    /** apply: which of the fund's options (repaymentOptions) the operator chose. */
    choice?: { repayType: RepayType; periods?: number | undefined } | undefined;
    operator: { id: number; username: string };
    note: string;
    now: Date;
  },
): Promise<void> {
  await withRetriedTransaction(db, async (tx) => {
    const seen = await findUnappliedFund(tx, input.id);
    if (!seen) throw notFound();
    const order = await lockOrder(tx, seen.orderNo);
    const fund = (await findUnappliedFund(tx, input.id, { forUpdate: true }))!;
    if (fund.state !== 'open') throw new ApiError(ErrorCode.conflict, 'fundAlreadyResolved');
    const entry = (await lockEntrySource(tx, fund.ledgerEntryId))!;
    const payment = (await paymentIntent(tx, entry.paymentId))!;
    const close = { id: fund.id, operatorId: input.operator.id, note: input.note, now: input.now };
    // In this transaction: the trail has the action exactly when the money moved.
    const audit = (action: 'fund_apply' | 'fund_refund', detail: AuditDetail) =>
      insertAudit(tx, {
        operatorId: input.operator.id,
        operator: input.operator.username,
        action,
        kind: 'fund',
        itemId: String(fund.id),
        detail: { orderNo: fund.orderNo, amount: fund.amount, ...detail, note: input.note },
        now: input.now,
      });
    if (input.action === 'refund') {
      let refundId: string;
      try {
        ({ refundId } = await provider.refund({
          key: `fund-${fund.id}`,
          reference: payment.reference,
          providerEvent: entry.providerEvent,
          amount: fund.amount,
        }));
      } catch {
        throw new ApiError(ErrorCode.paymentRefused, 'providerUnavailable', undefined, { status: 503 });
      }
      await refundLedgerEntry(tx, fund.ledgerEntryId, fund.amount);
      await closeUnappliedFund(tx, { ...close, state: 'refunded', amount: fund.amount, refundId });
      await audit('fund_refund', { refundId });
      return;
    }
    if (!order || !REPAYING_STATUSES.has(order.status)) throw new ApiError(ErrorCode.conflict, 'fundOrderOwesNothing');
    if (!input.choice) throw badRequest('fundChoiceMissing');
    const { choice } = input;
    // The same choices the list showed (unappliedFundsPage): an extension only if the code was an extension code
    // and nothing was applied to the order since it was issued.
    const extend = payment.repayType === 'delay' && !(await appliedSince(tx, fund.orderNo, payment.createdAt));
    const options = await repaymentOptions(tx, order, { amount: fund.amount, asked: payment, extend, paidAt: input.now });
    const chosen = options.find(
      (o) => o.repayType === choice.repayType && (choice.repayType !== 'installment' || o.periods === (choice.periods ?? 1)),
    );
    if (!chosen) throw new ApiError(ErrorCode.conflict, 'fundChoiceUnavailable');
    if (!chosen.covered) throw new ApiError(ErrorCode.conflict, 'fundDoesNotCover');
    if (chosen.payableFrom) throw new ApiError(ErrorCode.earlyRepayment, 'earlyRepayment', { date: chosen.payableFrom });
    const applied = await applyBreakdown(tx, order, breakdownOf(chosen.due), input.now);
    if (!applied) throw new ApiError(ErrorCode.conflict, 'fundChoiceUnavailable');
    const credited = allocationTotal(applied);
    await creditLedgerEntry(tx, fund.ledgerEntryId, { ...applied });
    await closeUnappliedFund(tx, { ...close, state: 'applied', amount: credited, refundId: null });
    await audit('fund_apply', {
      appliedAs: applied.repayType,
      periods: applied.periods.join(',') || null,
      credited,
      held: fund.amount - credited,
      orderStatus: applied.orderStatus,
    });
    if (fund.amount > credited) {
      await insertUnappliedFund(tx, {
        ledgerEntryId: fund.ledgerEntryId,
        orderNo: fund.orderNo,
        amount: fund.amount - credited,
        reason: 'overpayment',
        createdAt: input.now,
      });
    }
    const cancelled = await cancelPending(tx, fund.orderNo, ALL_METHODS, null);
    await expireAtProvider(tx, provider, cancelled, input.now, false);
  });
}

// --- Receipts ---------------------------------------------------------------------------------------------------

function methodLabel(r: Pick<ReceiptRow, 'method' | 'channel'>, lang: Lang): string {
  switch (r.method) {
    case 'va':
      return t(lang, 'receiptMethodVa', { bank: findBank(r.channel)?.name ?? r.channel });
    case 'market':
      return t(lang, 'receiptMethodMarket', { market: r.channel });
    case 'card':
      return t(lang, 'receiptMethodCard');
    case 'hosted':
      return t(lang, 'receiptMethodHosted');
  }
}

export const toReceipt = (r: ReceiptRow, lang: Lang): Receipt => ({
  id: String(r.id),
  amount: r.amount,
  paidAt: r.paidAt.toISOString(),
  method: methodLabel(r, lang),
  payCode: r.channel,
  repayType: r.repayType,
  periods: [...r.periods].sort((a, b) => a - b),
  applied: { principal: r.principal, interest: r.interest, lateCharges: r.latePenalty + r.lateInterest, extensionFee: r.extensionFee },
  unapplied: r.unapplied,
  refunded: r.refunded,
});

/** Every payment received for the order (ledger entries), newest first, as receipts in `lang`. */
export async function receiptsOf(db: Queryable, orderNo: string, lang: Lang): Promise<Receipt[]> {
  return (await listOrderEntries(db, orderNo)).map((r) => toReceipt(r, lang));
}
