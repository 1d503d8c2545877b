import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { DetailRow, RepayPlan } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type { DetailRow, RepayPlan };
export type LoanConfirm = ResponseOf<typeof routes.loanDetailConfirm>;

/** The loan the borrower is about to confirm (spec 7.6). A non-'00' code shows its message (spec 8). */
export function useLoanConfirm(productId: string, lang: Lang, loadingText: string) {
  return useQuery({ ...queryOf(routes.loanDetailConfirm, { productId }, { scope: ['loan-details', lang], loadingText }), staleTime: 0 });
}
