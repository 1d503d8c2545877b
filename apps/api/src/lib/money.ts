import { LATE_INTEREST_BANDS, LATE_PENALTY } from '@lendview/contracts/routes';
import { addDays, daysBetween } from './dates.ts';

/**
 * Loan arithmetic. Pure functions on integer minor units (sen / paise): every amount in and out is a safe
 * non-negative integer, products are taken in BigInt so no intermediate value is ever a rounded float.
 * Rates are integer basis points (1 bp = 0.01 %) per day. The rules, with worked numbers, are in
 * docs/loans.md; the tests in test/money.test.ts pin them.
 */

export const BP_PER_UNIT = 10_000n;
/** Length of one instalment period in days; a term shorter than two periods is a single payment. */
export const PERIOD_DAYS = 30;

function minor(name: string, value: number): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
  return BigInt(value);
}

function toNumber(name: string, value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} is beyond the safe integer range`);
  return n;
}

/** num / den rounded half up (both non-negative). */
function divRoundHalfUp(num: bigint, den: bigint): bigint {
  return (num * 2n + den) / (den * 2n);
}

/**
 * Simple interest on `principal` for `days` days at `dailyRateBp` basis points a day:
 * principal × rate × days / 10 000, rounded half up to a whole minor unit, once, on the exact product.
 */
export function simpleInterest(principal: number, days: number, dailyRateBp: number): number {
  const value = divRoundHalfUp(minor('principal', principal) * minor('dailyRateBp', dailyRateBp) * minor('days', days), BP_PER_UNIT);
  return toNumber('interest', value);
}

/**
 * Period lengths of a term: ⌊term / 30⌋ periods (at least one); every period is 30 days except the last,
 * which takes what is left (91 → 30, 30, 31; 120 → 30 × 4; 365 → 30 × 11, 35; 45 → 45).
 */
export function periodLengths(termDays: number): number[] {
  if (!Number.isSafeInteger(termDays) || termDays <= 0) throw new RangeError(`termDays must be a positive integer, got ${termDays}`);
  const n = Math.max(1, Math.floor(termDays / PERIOD_DAYS));
  return Array.from({ length: n }, (_, i) => (i < n - 1 ? PERIOD_DAYS : termDays - PERIOD_DAYS * (n - 1)));
}

export interface PlanInstalment {
  periodNo: number;
  /** Days in this period. */
  days: number;
  /** 'YYYY-MM-DD': start date + the days of this and every earlier period. */
  dueDate: string;
  principal: number;
  interest: number;
  /** principal + interest */
  amount: number;
}

export interface RepaymentPlan {
  principal: number;
  /** simpleInterest over the whole term. */
  interest: number;
  /** principal + interest = the sum of the instalment amounts, exactly. */
  total: number;
  instalments: PlanInstalment[];
}

/**
 * The repayment plan of a loan of `principal` for `termDays` days at `dailyRateBp`, starting on `startDate`
 * (disbursement, or today for an offer).
 * - Total interest: simpleInterest(principal, termDays, rate), computed once.
 * - Principal: ⌊principal / n⌋ per instalment.
 * - Interest: simpleInterest(principal, days of the period, rate) per instalment (flat: on the whole
 *   principal, as the total is).
 * - The last instalment takes whatever remains of principal and of interest, so the plan adds up to
 *   principal + interest exactly, whatever the rounding did.
 */
export function repaymentPlan(input: { principal: number; termDays: number; dailyRateBp: number; startDate: string }): RepaymentPlan {
  const { principal, termDays, dailyRateBp, startDate } = input;
  if (principal <= 0) throw new RangeError('principal must be positive');
  const interest = simpleInterest(principal, termDays, dailyRateBp);
  const lengths = periodLengths(termDays);
  const n = lengths.length;
  const basePrincipal = Math.floor(principal / n);
  const instalments: PlanInstalment[] = [];
  let offset = 0;
  let principalSoFar = 0;
  let interestSoFar = 0;
  lengths.forEach((days, i) => {
    offset += days;
    const last = i === n - 1;
    const p = last ? principal - principalSoFar : basePrincipal;
    const it = last ? interest - interestSoFar : simpleInterest(principal, days, dailyRateBp);
    principalSoFar += p;
    interestSoFar += it;
    instalments.push({ periodNo: i + 1, days, dueDate: addDays(startDate, offset), principal: p, interest: it, amount: p + it });
  });
  return { principal, interest, total: principal + interest, instalments };
}

// Spec 9's late penalty and late-interest bands live in @lendview/contracts, shared with the pages that state
// them (/loanTerms).
export { LATE_INTEREST_BANDS, LATE_PENALTY };

export interface LateCharges {
  daysOverdue: number;
  penalty: number;
  interest: number;
  /** penalty + interest */
  total: number;
  /** true when the cap cut the penalty or the interest. */
  capped: boolean;
}

/**
 * The most late charges (penalty + late interest) may ever add up to on a loan: `capPercent` % of its
 * principal, rounded down to a whole minor unit. Per-market setting `late_charge_cap_percent` (100 in
 * Indonesia, docs/repayment.md); null means no cap.
 */
export function lateChargeCap(principal: number, capPercent: number | null): number | null {
  if (capPercent === null) return null;
  return toNumber('late charge cap', (minor('principal', principal) * minor('capPercent', capPercent)) / 100n);
}

/**
 * Late charges of spec 9 on `unpaid` minor units, `daysOverdue` days after the due date (day 1 = the day after
 * it). Simple daily interest (never compounded) on the unpaid amount, each day's interest rounded down to a
 * whole minor unit: days 1–30 at 5 %, 31–90 at 4 %, 91 on at 2 %; plus the one-time penalty once a day late.
 * Nothing is owed when nothing is unpaid or the loan is not late.
 *
 * - `penaltyCharged`: the penalty was already paid on this loan (with an extension): spec 9 charges it once.
 * - `cap`: what late charges may still add up to (the loan's cap minus late charges already paid); the penalty
 *   is taken from it first, the interest gets the rest. Undefined: no cap.
 */
export function lateCharges(input: {
  unpaid: number;
  daysOverdue: number;
  isRepeatClient: boolean;
  penaltyCharged?: boolean;
  cap?: number;
}): LateCharges {
  const unpaid = minor('unpaid', input.unpaid);
  const days = Math.max(0, Math.trunc(input.daysOverdue));
  if (days === 0 || unpaid === 0n) return { daysOverdue: days, penalty: 0, interest: 0, total: 0, capped: false };
  let interest = 0n;
  for (const band of LATE_INTEREST_BANDS) {
    const inBand = Math.min(days, band.toDay) - band.fromDay + 1;
    if (inBand <= 0) continue;
    const perDay = (unpaid * BigInt(band.bp)) / BP_PER_UNIT;
    interest += perDay * BigInt(inBand);
  }
  let penalty = input.penaltyCharged ? 0 : input.isRepeatClient ? LATE_PENALTY.repeatClient : LATE_PENALTY.newClient;
  let interestN = toNumber('late interest', interest);
  let capped = false;
  if (input.cap !== undefined) {
    const cap = Number(minor('cap', input.cap));
    if (penalty > cap) {
      penalty = cap;
      capped = true;
    }
    if (interestN > cap - penalty) {
      interestN = cap - penalty;
      capped = true;
    }
  }
  return { daysOverdue: days, penalty, interest: interestN, total: penalty + interestN, capped };
}

/**
 * The one-time processing fee of a loan: `principal × feeBp / 10 000`, rounded half up to a whole minor unit
 * (migration 013). It is deducted from the disbursement, so the borrower receives principal − fee and repays the
 * plan; the KFS states it and the APR counts it (docs/compliance.md).
 */
export function processingFee(principal: number, feeBp: number): number {
  return toNumber('processing fee', divRoundHalfUp(minor('principal', principal) * minor('feeBp', feeBp), BP_PER_UNIT));
}

/** Statuses in which a loan may be left in its cooling-off period: repaying and not late (170, 174, legacy 3). */
export const COOLING_OFF_STATUSES: readonly number[] = [170, 174, 3];

export interface CoolingOffExit {
  /** The last Jakarta day of the period, 'YYYY-MM-DD': disbursement day + cooling-off days. */
  lastDay: string;
  /** Days of interest charged: max(1, days from the disbursement day to today). */
  daysUsed: number;
  principal: number;
  /** simpleInterest(principal, daysUsed, rate). */
  interest: number;
  /** What was already paid on the order (instalments), deducted. */
  paid: number;
  /** principal + interest − paid, never below 0: what the exit asks. */
  amount: number;
}

/**
 * The cooling-off exit (issue 18 item 2, RBI Digital Lending Directions; docs/compliance.md "Cooling-off exit"):
 * within `coolingOffDays` days after disbursement the borrower may leave a digital loan by repaying the principal
 * and the proportionate interest, without any penalty. Every day is an Asia/Jakarta calendar day ('YYYY-MM-DD');
 * the disbursement day is day 0, so the exit is open through day `coolingOffDays` inclusive.
 *
 * Eligible (else null): disbursed (`disbursedDay` set), repaying and not late (status in COOLING_OFF_STATUSES and
 * today not past the due date), `coolingOffDays` > 0 (0 = the exit is off) and disbursedDay ≤ today ≤ lastDay.
 * Amount = principal + simpleInterest(principal, daysUsed, rate) − paid, never below 0: no late penalty, no late
 * interest, no fee (a processing fee deducted at disbursement is not refunded; it was never owed).
 */
export function coolingOffExit(input: {
  status: number;
  disbursedDay: string | null;
  dueDate: string | null;
  today: string;
  coolingOffDays: number;
  principal: number;
  dailyRateBp: number;
  paid: number;
}): CoolingOffExit | null {
  const { disbursedDay, today } = input;
  if (disbursedDay === null || !COOLING_OFF_STATUSES.includes(input.status)) return null;
  if (!Number.isSafeInteger(input.coolingOffDays) || input.coolingOffDays <= 0) return null;
  if (input.dueDate !== null && today > input.dueDate) return null;
  const lastDay = addDays(disbursedDay, input.coolingOffDays);
  if (today < disbursedDay || today > lastDay) return null;
  const daysUsed = Math.max(1, daysBetween(disbursedDay, today));
  const interest = simpleInterest(input.principal, daysUsed, input.dailyRateBp);
  const paid = Number(minor('paid', input.paid));
  const amount = Math.max(0, input.principal + interest - paid);
  return { lastDay, daysUsed, principal: input.principal, interest, paid, amount };
}
