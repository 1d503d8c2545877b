/**
 * Failure codes of our own (spec 8 leaves them open). Spec-named numeric codes (101, 11, -1, 800005, ...)
 * are used where the spec names them.
 */
export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  /** An operator whose role may not call this endpoint (HTTP 403). */
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  server: 'SERVER_ERROR',
  /** A product that does not take applications now (buttonStatus 0, today's quota full): HTTP 409. */
  productUnavailable: 'PRODUCT_UNAVAILABLE',
  /**
   * A repayment the order's state does not allow (HTTP 409): nothing to repay, no extension on this order, an
   * amount that is not what the order asks now, an expired or replaced payment code (docs/repayment.md).
   */
  paymentRefused: 'PAYMENT_REFUSED',
  /** A change the row's state no longer allows (HTTP 409): answering a complaint that is already answered. */
  conflict: 'CONFLICT',
  /**
   * Spec 9 (issue 11): an early prepayment before it is allowed (half the term passed and 7 days since
   * disbursement), HTTP 409; the message names the first day it is allowed (docs/repayment.md).
   */
  earlyRepayment: 'EARLY_REPAYMENT',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Spec 3 / 8: every answer, success or not. */
export interface Envelope<T> {
  code: string | number;
  data: T | null;
  message: string;
}
