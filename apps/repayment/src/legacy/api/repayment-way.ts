import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import { LEGACY_LOAN } from '../lib/constants.ts';

/** POST /api/v1/lendview/service/loan/repayment-way (orderId): the borrower's cards (masked) and the amount due. */
export const REPAYMENT_WAY_PATH = `${LEGACY_LOAN}/repayment-way`;

export type RepaymentWay = ResponseOf<typeof C.repaymentWay>;
export type RepaymentWayInput = RequestOf<typeof C.repaymentWay>;
export type BankCard = C.BankCard;

/**
 * Silent: the page shows the spec 8 text itself (the server message, else 'query card list failed';
 * 'error' without an answer). Throws ApiError on a non-'00' code, NetworkError without an answer.
 */
export async function fetchRepaymentWay(input: RepaymentWayInput, opts: { signal?: AbortSignal } = {}) {
  return unwrap(await post<RepaymentWay>(REPAYMENT_WAY_PATH, input, { ...opts, silent: true }));
}

export function useRepaymentWay(orderId: string) {
  return useQuery({
    queryKey: ['repayment', 'legacy', 'repayment-way', orderId],
    queryFn: ({ signal }) => fetchRepaymentWay({ orderId }, { signal }),
    enabled: orderId !== '',
    // Cards change on /bindCard and the amount after a payment: always ask again when the page opens.
    staleTime: 0,
    retry: false,
  });
}
