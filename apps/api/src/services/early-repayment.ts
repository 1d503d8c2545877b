import { ErrorCode, type EarlyRepayInfo, type RepayType } from '@lendview/contracts';
import { EARLY_REPAYMENT_MIN_DAYS, earlyRepaymentDay } from '@lendview/contracts/routes';
import type { Queryable } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { addDays, jakartaDate } from '../lib/dates.ts';
import { ApiError } from '../lib/errors.ts';
import { listInstalments, type Instalment, type Order } from '../repositories/orders.ts';
import { REPAYING_STATUSES } from './loans.ts';

/**
 * Spec 9: "early prepayment only after half the term has passed and not within 7 days after disbursement".
 * docs/repayment.md "Early repayment" is the reading implemented here; test/early-repayment.test.ts pins the day
 * boundaries. Every day is an Asia/Jakarta calendar day ('YYYY-MM-DD'); day 0 is the day of disbursement.
 *
 * - **From** = disbursement day + max(7, ⌈term / 2⌉) days: on that day at least half of the term has passed
 *   (⌈91 / 2⌉ = 46 > 45.5) and at least 7 whole days since disbursement. For spec 9's terms (91-365 days) half
 *   the term is always the later bound: 91 → day 46, 120 → day 60, 365 → day 183.
 * - **What is a prepayment**: money paid for a period that has not begun yet.
 *   - A single-payment loan: a full repayment before its due date. On or after the due date it is simply the
 *     repayment (and then always allowed: `from` is never after the due date of a 14+ day term).
 *   - An instalment loan: instalment k's period runs from the day after instalment k−1's due date (instalment 1:
 *     from disbursement) to its own due date. Paying an instalment in (or after) its period is paying what is
 *     due, whatever the day; paying one whose period has not begun (today ≤ the previous instalment's due
 *     date) is paying ahead, a prepayment. So the instalment of the current period (and any past-due one) can
 *     always be paid; paying several at once, or the whole loan, only when none of them is ahead, or from
 *     `from` on.
 *   - An extension (repayType delay) pays a fee and late charges, never the loan: never a prepayment.
 *   - A cooling-off exit (repayType cooling_off, issue 18 item 2) leaves the loan within days of disbursement by
 *     a right the regulator gives (RBI Digital Lending Directions): never refused as an early prepayment.
 * - A prepayment before `from` is refused with EARLY_REPAYMENT (HTTP 409), before anything is created.
 */

export { EARLY_REPAYMENT_MIN_DAYS };

/**
 * The first day an early prepayment of `order` is allowed: disbursement day + max(7, ⌈term / 2⌉). A repaying
 * order always has a disbursement; without one (bad data) the application day stands in, the earliest the money
 * can have been paid out, so the rule never refuses later than it would with the real date.
 */
export function earlyRepaymentFrom(order: Pick<Order, 'disbursedAt' | 'appliedAt' | 'termDays'>): string {
  const start = jakartaDate(order.disbursedAt ?? order.appliedAt);
  return addDays(start, earlyRepaymentDay(order.termDays));
}

export interface RepaymentKind {
  repayType: RepayType;
  /** installment: how many of the first unpaid instalments (default 1). */
  periods?: number | null | undefined;
}

/**
 * Whether a repayment of `kind` on `today` pays money ahead of its period (see the file comment). `instalments`:
 * every instalment row of the order (paid and unpaid); empty for a single-payment loan.
 */
export function isPrepayment(
  order: Pick<Order, 'dueDate'>,
  kind: RepaymentKind,
  instalments: readonly Instalment[],
  today: string,
): boolean {
  if (kind.repayType === 'delay' || kind.repayType === 'cooling_off') return false;
  const all = [...instalments].sort((a, b) => a.periodNo - b.periodNo);
  const unpaid = all.filter((i) => i.status === 'unpaid');
  if (all.length <= 1 || unpaid.length === 0) {
    return kind.repayType === 'full' && order.dueDate !== null && today < order.dueDate;
  }
  const count = kind.repayType === 'full' ? unpaid.length : Math.max(1, kind.periods ?? 1);
  return unpaid.slice(0, count).some((i) => {
    const previous = all.find((p) => p.periodNo === i.periodNo - 1);
    // The period of instalment k begins the day after instalment k−1 is due; instalment 1's at disbursement.
    return previous !== undefined && today <= previous.dueDate;
  });
}

/**
 * The first day instalment `periodNo` can be paid on its own: when its period begins (the day after the previous
 * instalment's due date, the same boundary isPrepayment uses) or when early repayment opens, whichever comes first.
 */
export function instalmentPayableFrom(
  order: Pick<Order, 'disbursedAt' | 'appliedAt' | 'termDays'>,
  instalments: readonly Instalment[],
  periodNo: number,
): string {
  const from = earlyRepaymentFrom(order);
  const previous = instalments.find((p) => p.periodNo === periodNo - 1);
  if (!previous) return from;
  const periodStart = addDays(previous.dueDate, 1);
  return periodStart < from ? periodStart : from;
}

export interface EarlyRepaymentVerdict {
  /** The repayment pays something ahead of its period. */
  prepayment: boolean;
  /** First day a prepayment is allowed (earlyRepaymentFrom). */
  from: string;
  /** Not a prepayment, or today is on or after `from`. */
  allowed: boolean;
}

export function earlyRepaymentVerdict(
  order: Order,
  kind: RepaymentKind,
  instalments: readonly Instalment[],
  today: string,
): EarlyRepaymentVerdict {
  const from = earlyRepaymentFrom(order);
  const prepayment = isPrepayment(order, kind, instalments, today);
  return { prepayment, from, allowed: !prepayment || today >= from };
}

// The day is shown as it is kept, 'YYYY-MM-DD': spec 9 formats dates year-month-day (it was DD/MM/YYYY until
// 2026-11-28, next to year-month-day dates on the same screen).
const earlyRepaymentError = (from: string) => new ApiError(ErrorCode.earlyRepayment, 'earlyRepayment', { date: from });

/**
 * Refuses (EARLY_REPAYMENT, 409) a repayment of `order` that is an early prepayment before it is allowed. Call
 * it after the order is known to owe this repayment (dueFor) and before anything is issued or charged; in the
 * caller's transaction (the order row locked), so the instalments read are the ones the payment would cover.
 */
export async function assertNotEarlyRepayment(db: Queryable, order: Order, kind: RepaymentKind, today: string): Promise<void> {
  const instalments = order.instalmentCount > 1 ? await listInstalments(db, order.orderNo) : [];
  const verdict = earlyRepaymentVerdict(order, kind, instalments, today);
  if (!verdict.allowed) throw earlyRepaymentError(verdict.from);
}

/**
 * Loan details' `earlyRepay`: may the order be repaid in full today (what Repay / the legacy card flow ask)?
 * Not repaying: { allowed false, from null, message null }. Otherwise `from` is the first day of early
 * repayment and `message` the refusal the server would give, or null when a full repayment is allowed today.
 */
export function earlyRepayOf(order: Order, instalments: readonly Instalment[], today: string, lang: Lang): EarlyRepayInfo {
  if (!REPAYING_STATUSES.has(order.status)) return { allowed: false, from: null, message: null };
  const verdict = earlyRepaymentVerdict(order, { repayType: 'full' }, instalments, today);
  return {
    allowed: verdict.allowed,
    from: verdict.from,
    message: verdict.allowed ? null : t(lang, 'earlyRepayment', { date: verdict.from }),
  };
}
