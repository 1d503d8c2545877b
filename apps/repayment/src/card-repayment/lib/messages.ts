import type { TFunction } from 'i18next';
import { isApiError, isNetworkError } from '@lendview/api-client';
import { ERROR_CODE, LEGACY_CODE } from './constants.ts';

/** Which call failed: it decides the fallback of an empty server message (spec 8). */
export type CardRepaymentCall = 'cards' | 'process';

/**
 * The text of spec 8 for a failed legacy call, in the page language (`t` of the 'common' namespace):
 * - no answer at all (NetworkError) → 'error';
 * - 800006 → 'verification code wrong', 800005 → 'do not submit repay request twice' (commit and confirm);
 * - any other code → the server message, or when it is empty 'query card list failed' (repayment-way) /
 *   'processing failed' (commit, confirm, hosted page, bind card).
 */
export function cardRepaymentErrorText(error: unknown, call: CardRepaymentCall, t: TFunction): string {
  if (isApiError(error)) {
    const code = String(error.code);
    if (call === 'process' && code === String(LEGACY_CODE.wrongCode)) return t('codeWrong', { ns: 'common' });
    if (call === 'process' && code === String(LEGACY_CODE.duplicate)) return t('repeatRepay', { ns: 'common' });
    const message = error.envelope.message.trim();
    if (message) return message;
    return t(call === 'cards' ? 'queryCardListFailed' : 'processingFailed', { ns: 'common' });
  }
  if (isNetworkError(error)) return t('error', { ns: 'common' });
  // Anything else (a bug, an unexpected throw) is still a failure the borrower must hear about.
  return t('error', { ns: 'common' });
}

/** True when the failure is the wrong verification code (the code field shows it). */
export function isWrongCode(error: unknown): boolean {
  return isApiError(error) && String(error.code) === String(LEGACY_CODE.wrongCode);
}

/**
 * True when the repayment record of the code step cannot be used any more: the server no longer has it for this
 * borrower (NOT_FOUND) or refuses it (PAYMENT_REFUSED: expired, replaced, nothing waiting). The page then goes back
 * to the cards, where a new commit can start over.
 */
export function recordGone(error: unknown): boolean {
  return isApiError(error) && (error.code === ERROR_CODE.notFound || error.code === ERROR_CODE.paymentRefused);
}
