import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import { LEGACY_LOAN } from '../lib/constants.ts';

/**
 * POST /api/v1/lendview/service/loan/repayment-commit (orderId, cardId, amount, sendMsg): starts a repayment
 * with the chosen card (sendMsg 0, spec 4.3) or sends its SMS code again (sendMsg 1). needValid 1 → a code was
 * sent; a non-empty url → the redirect flow.
 */
export const REPAYMENT_COMMIT_PATH = `${LEGACY_LOAN}/repayment-commit`;

export type RepaymentCommit = ResponseOf<typeof C.repaymentCommit>;
export type RepaymentCommitInput = RequestOf<typeof C.repaymentCommit>;

/** Silent (the page shows the spec 8 texts). Throws ApiError on a non-'00' code, NetworkError without an answer. */
export async function commitRepayment(input: RepaymentCommitInput, opts: { loadingText?: string } = {}) {
  return unwrap(await post<RepaymentCommit>(REPAYMENT_COMMIT_PATH, input, { ...opts, silent: true }));
}
