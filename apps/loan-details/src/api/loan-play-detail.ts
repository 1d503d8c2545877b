import { call, isApiError, queryKeyOf, unwrap } from '@lendview/api-client';
import { queryOptions } from '@tanstack/react-query';
import * as routes from '@lendview/contracts/routes';
import { ErrorCode, type ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type InstalmentPlan = ResponseOf<typeof routes.loanPlayDetail>;

/**
 * The instalment plan (productId, orderId), or null for a single-payment order. Loan details asks it to know where
 * Repay goes (issue 11 item 4): an instalment loan whose first unpaid instalment can be paid goes to /installment.
 * A single-payment order answers PAYMENT_REFUSED ('not an instalment loan'), which is an answer here, not an error:
 * as data (null) it is dehydrated with the server-rendered page, so the browser starts from the same Repay button
 * the server drew instead of drawing it enabled until its own call is refused (docs/performance.md "Repay").
 */
export function instalmentPlanQuery(productId: string, orderId: string, lang: Lang) {
  const input = { productId, orderId };
  return queryOptions({
    queryKey: queryKeyOf(routes.loanPlayDetail, input, ['loan-details', lang]),
    queryFn: async ({ signal }): Promise<InstalmentPlan | null> => {
      try {
        return unwrap(await call(routes.loanPlayDetail, input, { silent: true, signal }), routes.loanPlayDetail.successCode);
      } catch (e) {
        if (isApiError(e) && e.code === ErrorCode.paymentRefused) return null;
        throw e;
      }
    },
    staleTime: 0,
    retry: false,
  });
}

/** True when Repay should open the instalment page: an instalment plan whose first unpaid instalment is payable. */
export function repaysByInstalment(plan: InstalmentPlan | null | undefined): boolean {
  const first = plan ? [...plan.repayPlanDetail.repayWaitDetail].sort((a, b) => a.periodNo - b.periodNo)[0] : undefined;
  return first?.canClick === 1;
}
