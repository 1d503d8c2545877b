import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf, ResponseOf } from '@lendview/contracts/routes';

export type RepaymentCommit = ResponseOf<typeof routes.repaymentCommit>;
export type RepaymentCommitInput = RequestOf<typeof routes.repaymentCommit>;

/**
 * Starts a repayment with the chosen card (orderId, cardId, amount, sendMsg 0; spec 4.3) or sends its SMS code
 * again (sendMsg 1). needValid 1 → a code was sent; a non-empty url → the redirect flow. Silent (the page shows
 * the spec 8 texts). Throws ApiError on a non-'00' code, NetworkError without an answer.
 */
export async function commitRepayment(input: RepaymentCommitInput, opts: { loadingText?: string } = {}) {
  return unwrap(await call(routes.repaymentCommit, input, { ...opts, silent: true }));
}
