import { queryOptions } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/**
 * POST /v3/installment/loan-play-detail (productId, orderId): the instalment plan. Loan details asks it to know
 * where Repay goes (issue 11 item 4): an instalment loan whose first unpaid instalment can be paid goes to
 * /installment. A single-payment order answers PAYMENT_REFUSED ('not an instalment loan'): silent, Repay goes
 * to /that for the whole amount.
 */
export const LOAN_PLAY_DETAIL_PATH = '/v3/installment/loan-play-detail';

export type InstalmentPlan = ResponseOf<typeof C.loanPlayDetail>;

export function instalmentPlanQuery(productId: string, orderId: string, lang: Lang) {
  return queryOptions({
    queryKey: ['loan-details', 'loan-play-detail', productId, orderId, lang],
    queryFn: async ({ signal }) => unwrap(await post<InstalmentPlan>(LOAN_PLAY_DETAIL_PATH, { productId, orderId }, { signal, silent: true })),
    staleTime: 0,
    retry: false,
  });
}

/** True when Repay should open the instalment page: an instalment plan whose first unpaid instalment is payable. */
export function repaysByInstalment(plan: InstalmentPlan | null | undefined): boolean {
  const first = plan ? [...plan.repayPlanDetail.repayWaitDetail].sort((a, b) => a.periodNo - b.periodNo)[0] : undefined;
  return first?.canClick === 1;
}
