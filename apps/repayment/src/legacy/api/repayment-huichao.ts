import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import { LEGACY_LOAN } from '../lib/constants.ts';

/**
 * POST /api/v1/lendview/service/loan/repayment-huichao (userId, orderId, amount): the redirect ("Alipay-style")
 * repayment of spec 4.3; answers the provider page to send the borrower to.
 */
export const REPAYMENT_HUICHAO_PATH = `${LEGACY_LOAN}/repayment-huichao`;

export type RepaymentHuichao = ResponseOf<typeof C.repaymentHuichao>;
export type RepaymentHuichaoInput = RequestOf<typeof C.repaymentHuichao>;

export async function startHostedRepayment(input: RepaymentHuichaoInput, opts: { loadingText?: string } = {}) {
  return unwrap(await post<RepaymentHuichao>(REPAYMENT_HUICHAO_PATH, input, { ...opts, silent: true }));
}
