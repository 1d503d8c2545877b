import { CARD_NO_DIGITS, CARD_VERIFY, ErrorCode, HOLDER_NAME_LENGTH, REPAY_CODE_LENGTH } from '@lendview/contracts/routes';

// The numbers of the forms, from the limits the server's schemas use (@lendview/contracts/routes, no zod).

/** Spec 8: repay confirm 800006 → code wrong, 800005 → submitted twice. */
export { LEGACY_CODE } from '@lendview/contracts/routes';

/**
 * The record asked for is not (or no longer) the borrower's; the repayment is refused; the card is verified
 * already (bind-card-verify).
 */
export const ERROR_CODE = { notFound: ErrorCode.notFound, paymentRefused: ErrorCode.paymentRefused, conflict: ErrorCode.conflict } as const;

/** Spec 4.4 / 9: 60 s between two SMS codes, the repay code's and the card code's alike. */
export const CODE_COUNTDOWN_SECONDS: number = CARD_VERIFY.resendSeconds;
/** repayment-confirm: verifyCode is 6 to 8 characters (spec 9: at least 6). */
export const CODE_MIN_LENGTH: number = REPAY_CODE_LENGTH.min;
export const CODE_MAX_LENGTH: number = REPAY_CODE_LENGTH.max;

/** bind-card: cardNo 10 to 19 digits, holderName 2 to 80. */
export const CARD_NO_MIN: number = CARD_NO_DIGITS.min;
export const CARD_NO_MAX: number = CARD_NO_DIGITS.max;
export const HOLDER_MIN: number = HOLDER_NAME_LENGTH.min;
export const HOLDER_MAX: number = HOLDER_NAME_LENGTH.max;

/** A card-binding code is 6 digits and lives 10 minutes. */
export const CARD_CODE_LENGTH: number = CARD_VERIFY.codeLength;
export const CARD_CODE_TTL_MINUTES: number = CARD_VERIFY.codeTtlSeconds / 60;
