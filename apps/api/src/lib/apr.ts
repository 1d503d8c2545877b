/**
 * The annual percentage rate of a loan from its real cash flows (issue 18, docs/compliance.md): the daily
 * internal rate of return r that makes what the borrower receives equal to the present value of what they pay,
 *
 *   received = Σ payment_i / (1 + r)^(day_i)
 *
 * annualised as a nominal rate, APR = r × 365 (the RBI KFS illustration annualises its periodic IRR the same
 * way: monthly IRR × 12). Every cost the borrower bears is in the flows: interest in the payments, a processing
 * fee deducted up front as a smaller amount received. The answer is integer basis points a year (1785 = 17.85 %),
 * rounded half up; r itself is a float (a rate, never money), found by bisection to double precision.
 */

export interface Payment {
  /** Days after the disbursement (a positive integer). */
  day: number;
  /** Minor units the borrower pays that day. */
  amount: number;
}

const DAYS_PER_YEAR = 365;

function presentValue(payments: readonly Payment[], r: number): number {
  let pv = 0;
  for (const p of payments) pv += p.amount / Math.pow(1 + r, p.day);
  return pv;
}

/** The daily IRR r of receiving `received` at day 0 and paying `payments`. */
export function dailyIrr(received: number, payments: readonly Payment[]): number {
  if (!Number.isSafeInteger(received) || received <= 0) throw new RangeError(`received must be a positive integer, got ${received}`);
  if (payments.length === 0) throw new RangeError('a loan needs at least one payment');
  for (const p of payments) {
    if (!Number.isSafeInteger(p.day) || p.day <= 0) throw new RangeError(`payment day must be a positive integer, got ${p.day}`);
    if (!Number.isSafeInteger(p.amount) || p.amount < 0)
      throw new RangeError(`payment amount must be a non-negative integer, got ${p.amount}`);
  }
  // PV falls as r rises: bracket the root, then halve the bracket until it no longer shrinks.
  let lo = -0.99;
  let hi = 1;
  if (presentValue(payments, hi) > received) throw new RangeError('the payments imply a rate above 100 % a day');
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (presentValue(payments, mid) > received) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** APR in basis points a year (nominal: daily IRR × 365), rounded half up. */
export function annualPercentageRateBp(received: number, payments: readonly Payment[]): number {
  const r = dailyIrr(received, payments);
  const bp = Math.round(r * DAYS_PER_YEAR * 10_000);
  return bp === 0 ? 0 : bp; // never -0
}
