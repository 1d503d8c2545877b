import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import { LEGACY_LOAN } from '../lib/constants.ts';

/** POST /api/v1/lendview/service/loan/repayment-confirm (orderId, verifyCode, repaymentRecordId), spec 7.3. */
export const REPAYMENT_CONFIRM_PATH = `${LEGACY_LOAN}/repayment-confirm`;

export type RepaymentConfirm = ResponseOf<typeof C.repaymentConfirm>;
export type RepaymentConfirmInput = RequestOf<typeof C.repaymentConfirm>;

/** Silent: 800006 / 800005 / the server message are shown by the page (spec 8). */
export async function confirmRepayment(input: RepaymentConfirmInput, opts: { loadingText?: string } = {}) {
  return unwrap(await post<RepaymentConfirm>(REPAYMENT_CONFIRM_PATH, input, { ...opts, silent: true }));
}
