import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type LoanDetails = ResponseOf<typeof routes.loanDetails>;

/**
 * The order as the loan-details screen shows it (productId, orderId). Spec 8: a failed load (non-'00') does nothing
 * and shows nothing, so the call is silent; spec 7.6: a loading message is shown while it runs. The error is an
 * ApiError (non-'00') or a NetworkError (no answer).
 */
export function useLoanDetails(productId: string, orderId: string, lang: Lang, loadingText: string) {
  return useQuery({
    ...queryOf(routes.loanDetails, { productId, orderId }, { scope: ['loan-details', lang], loadingText, silent: true }),
    staleTime: 0,
  });
}
