/**
 * Order status → what the loan-details screen shows (spec 4.9, status catalogue of ARCHITECTURE.md).
 * Pure data, no React: unit-tested status by status in __tests__/status.test.ts.
 */

/** The statuses that have their own image (spec 4.9). Every other status shows the 200 image. */
export const STATUS_IMAGES = [21, 110, 151, 174, 180, 200] as const;
export type StatusImage = (typeof STATUS_IMAGES)[number];

/**
 * Statuses whose recommendations are hidden (the intended per-status reading of spec 4.9). 210 (closed in the
 * cooling-off period, issue 18 item 2) is read like 200: the borrower has just left a loan.
 */
const HIDE_RECOMMENDATIONS: readonly number[] = [170, 174, 180, 200, 210];
/** Repay with the optional delay link (shown when isDelay is '1'). */
const REPAY_WITH_DELAY: readonly number[] = [174, 180, 3, 5];
/** Repay only. */
const REPAY_ONLY: readonly number[] = [170];
/** 'Loan more' (borrow again): the settled statuses, 210 (closed in the cooling-off period) included. */
const LOAN_MORE: readonly number[] = [200, 4, 210];

export interface StatusView {
  /** Which status image to draw. */
  image: StatusImage;
  /** Show the Repay button. */
  repay: boolean;
  /** Show the delay-repayment (extension) link. */
  delay: boolean;
  /** Show the 'loan more' button. */
  loanMore: boolean;
  /** Show the recommended products. */
  recommendations: boolean;
}

export function statusImage(status: number): StatusImage {
  return (STATUS_IMAGES as readonly number[]).includes(status) ? (status as StatusImage) : 200;
}

/** What to show for an order in `status`; `isDelay` is the server's '1' / '0' (spec 3). */
export function statusView(status: number, isDelay: string): StatusView {
  const withDelay = REPAY_WITH_DELAY.includes(status);
  return {
    image: statusImage(status),
    repay: withDelay || REPAY_ONLY.includes(status),
    delay: withDelay && isDelay === '1',
    loanMore: LOAN_MORE.includes(status),
    recommendations: !HIDE_RECOMMENDATIONS.includes(status),
  };
}
