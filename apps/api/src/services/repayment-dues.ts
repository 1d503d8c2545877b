import { type RepayType } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import { addDays, daysBetween, jakartaDate } from '../lib/dates.ts';
import { ApiError, paymentRefused } from '../lib/errors.ts';
import { type Allocation } from '../repositories/ledger.ts';
import {
  closeOrderInCoolingOff,
  extendOrder,
  listInstalments,
  lockUnpaidInstalments,
  payInstalments,
  settleOrderInFull,
  type Order,
} from '../repositories/orders.ts';
import { type Payment, type PaymentMethod } from '../repositories/payments.ts';
import { isRepeatClient } from '../repositories/sessions.ts';
import { getCoolingOffDays, getLateChargeCapPercent } from '../repositories/settings.ts';
import { COOLING_OFF_EXIT_STATUS, coolingOffOf } from './cooling-off.ts';
import { earlyRepaymentVerdict, instalmentPayableFrom } from './early-repayment.ts';
import { REPAYING_STATUSES, outstandingOf, type Outstanding } from './loans.ts';

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
export interface Applied extends Allocation {
  repayType: RepayType;
  periods: number[];
  orderStatus: number;
}

export const breakdownOf = (p: Payment | Due): Breakdown => ({
  repayType: p.repayType,
  loanPart: p.loanPart,
  latePenalty: p.latePenalty,
  lateInterest: p.lateInterest,
  extensionFee: p.extensionFee,
  periodFrom: p.periodFrom,
  periods: p.periods,
  exitInterest: p.exitInterest,
});

export const breakdownTotal = (b: Breakdown) => b.loanPart + b.latePenalty + b.lateInterest + b.extensionFee;

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
export async function applyBreakdown(tx: Queryable, order: Order, b: Breakdown, paidAt: Date): Promise<Applied | null> {
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
