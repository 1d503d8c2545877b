import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { BankCard } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';

export type { BankCard };
export type RepaymentWay = ResponseOf<typeof routes.repaymentWay>;

/**
 * The borrower's cards (masked) and the amount due (orderId). Silent: the page shows the spec 8 text itself (the
 * server message, else 'query card list failed'; 'error' without an answer). The error is an ApiError (non-'00')
 * or a NetworkError (no answer).
 */
export function useRepaymentWay(orderId: string) {
  return useQuery({
    // ['repayment', 'legacy'] is the prefix RepayPage and BindCardPage invalidate.
    ...queryOf(routes.repaymentWay, { orderId }, { scope: ['repayment', 'legacy'], silent: true }),
    enabled: orderId !== '',
    // Cards change on /bindCard and the amount after a payment: always ask again when the page opens.
    staleTime: 0,
    retry: false,
  });
}
