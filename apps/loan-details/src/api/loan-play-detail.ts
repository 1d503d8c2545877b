import { queryOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type InstalmentPlan = ResponseOf<typeof routes.loanPlayDetail>;

/**
 * The instalment plan (productId, orderId). Loan details asks it to know where Repay goes (issue 11 item 4): an
 * instalment loan whose first unpaid instalment can be paid goes to /installment. A single-payment order answers
 * PAYMENT_REFUSED ('not an instalment loan'): silent, Repay goes to /that for the whole amount.
 */
export function instalmentPlanQuery(productId: string, orderId: string, lang: Lang) {
  return {
    ...queryOf(routes.loanPlayDetail, { productId, orderId }, { scope: ['loan-details', lang], silent: true }),
    staleTime: 0,
    retry: false,
  };
}

/** True when Repay should open the instalment page: an instalment plan whose first unpaid instalment is payable. */
export function repaysByInstalment(plan: InstalmentPlan | null | undefined): boolean {
  const first = plan ? [...plan.repayPlanDetail.repayWaitDetail].sort((a, b) => a.periodNo - b.periodNo)[0] : undefined;
  return first?.canClick === 1;
}
