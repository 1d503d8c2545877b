// Spec 9's late charges and early-repayment day, in one place for the server that applies them
// (apps/api lib/money.ts, services/early-repayment.ts) and the pages that state them (marketing /loanTerms):
// issue 40 item 4 found the terms page presenting the late rates as the loan's interest and counting the
// early-repayment day differently from the server.

/** One-time late penalty, 1,000 (new clients) or 800 (repeat clients) currency units, in minor units. */
export const LATE_PENALTY = { newClient: 100_000, repeatClient: 80_000 } as const;

/** Daily interest on the overdue amount by day of lateness (day 1 = the day after the due date), basis points a day. */
export const LATE_INTEREST_BANDS = [
  { fromDay: 1, toDay: 30, bp: 500 },
  { fromDay: 31, toDay: 90, bp: 400 },
  { fromDay: 91, toDay: Number.POSITIVE_INFINITY, bp: 200 },
] as const;

/** No early prepayment within this many days after disbursement. */
export const EARLY_REPAYMENT_MIN_DAYS = 7;

/**
 * The day, counted from disbursement (day 0), on which early repayment of a loan of `termDays` opens:
 * max(7, ⌈term / 2⌉). 91 → 46, 120 → 60, 365 → 183.
 */
export function earlyRepaymentDay(termDays: number): number {
  return Math.max(EARLY_REPAYMENT_MIN_DAYS, Math.ceil(termDays / 2));
}
