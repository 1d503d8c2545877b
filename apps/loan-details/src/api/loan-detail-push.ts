import { useMutation } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';

/** POST /v3/loan-confirm/loan-detail-push (amount, periods, termUnit, productId, loanType 1) → lendDetailsUrl. */
export const LOAN_DETAIL_PUSH_PATH = '/v3/loan-confirm/loan-detail-push';

export type LoanPushInput = RequestOf<typeof C.loanDetailPush>;
export type LoanPushResult = ResponseOf<typeof C.loanDetailPush>;

/** A non-'00' code shows the server message (spec 8) and rejects with ApiError. */
export async function pushLoan(input: LoanPushInput, opts: { loadingText?: string } = {}) {
  return unwrap(await post<LoanPushResult>(LOAN_DETAIL_PUSH_PATH, input, opts));
}

export function usePushLoan(loadingText: string) {
  return useMutation({ mutationFn: (input: LoanPushInput) => pushLoan(input, { loadingText }) });
}
