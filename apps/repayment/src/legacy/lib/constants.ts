/**
 * Copies of the few values of @lendview/contracts this code needs (importing a value from contracts would pull
 * zod into the page); __tests__/constants.test.ts checks them against contracts.
 */

/** Spec 7.3 legacy base path. */
export const LEGACY_LOAN = '/api/v1/lendview/service/loan';

/** Spec 8: repay confirm 800006 → code wrong, 800005 → submitted twice. */
export const LEGACY_CODE = { wrongCode: 800006, duplicate: 800005 } as const;

/**
 * contracts ErrorCode: the record asked for is not (or no longer) the borrower's; the repayment is refused; the card
 * is verified already (bind-card-verify).
 */
export const ERROR_CODE = { notFound: 'NOT_FOUND', paymentRefused: 'PAYMENT_REFUSED', conflict: 'CONFLICT' } as const;

/** Spec 9: the repay code countdown and the shortest code accepted. */
export const CODE_COUNTDOWN_SECONDS = 60;
export const CODE_MIN_LENGTH = 6;
/** contracts repaymentConfirm: verifyCode is 6 to 8 characters. */
export const CODE_MAX_LENGTH = 8;

/** contracts bindCard: cardNo /^\d{10,19}$/, holderName 2 to 80. */
export const CARD_NO_MIN = 10;
export const CARD_NO_MAX = 19;
export const HOLDER_MIN = 2;
export const HOLDER_MAX = 80;

/** contracts CARD_VERIFY: a card-binding code is 6 digits, lives 10 minutes, 60 s between two codes. */
export const CARD_CODE_LENGTH = 6;
export const CARD_CODE_TTL_MINUTES = 10;
