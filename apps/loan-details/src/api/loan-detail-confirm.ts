import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { DetailRow, RepayPlan, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /v3/loan-confirm/loan-detail-confirm (productId): the loan the borrower is about to confirm (spec 7.6). */
export const LOAN_DETAIL_CONFIRM_PATH = '/v3/loan-confirm/loan-detail-confirm';

export type { DetailRow, RepayPlan };
export type LoanConfirm = ResponseOf<typeof C.loanDetailConfirm>;

/** A non-'00' code shows the server message (spec 8) and rejects with ApiError. */
export async function fetchLoanConfirm(productId: string, opts: { loadingText?: string; signal?: AbortSignal } = {}) {
  return unwrap(await post<LoanConfirm>(LOAN_DETAIL_CONFIRM_PATH, { productId }, opts));
}

export function useLoanConfirm(productId: string, lang: Lang, loadingText: string) {
  return useQuery({
    queryKey: ['loan-details', 'loan-detail-confirm', productId, lang],
    queryFn: ({ signal }) => fetchLoanConfirm(productId, { loadingText, signal }),
    staleTime: 0,
  });
}
