import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /v3/loan-details/detail (productId, orderId): the order as the loan-details screen shows it. */
export const LOAN_DETAILS_PATH = '/v3/loan-details/detail';

export type LoanDetails = ResponseOf<typeof C.loanDetails>;
export type LoanDetailsInput = RequestOf<typeof C.loanDetails>;

/**
 * Spec 8: a failed load (non-'00') does nothing and shows nothing, so the call is silent; spec 7.6: a loading
 * message is shown while it runs. Throws ApiError on a non-'00' code, NetworkError without an answer.
 */
export async function fetchLoanDetails(input: LoanDetailsInput, opts: { loadingText?: string; signal?: AbortSignal } = {}) {
  return unwrap(await post<LoanDetails>(LOAN_DETAILS_PATH, input, { ...opts, silent: true }));
}

export function useLoanDetails(productId: string, orderId: string, lang: Lang, loadingText: string) {
  return useQuery({
    queryKey: ['loan-details', 'detail', productId, orderId, lang],
    queryFn: ({ signal }) => fetchLoanDetails({ productId, orderId }, { loadingText, signal }),
    staleTime: 0,
  });
}
