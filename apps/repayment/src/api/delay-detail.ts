import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { DetailRow, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /v3/loan-details/delay-detail (productId, orderId): what an extension costs and where it moves the due date. */
export const DELAY_DETAIL_PATH = '/v3/loan-details/delay-detail';

export type { DetailRow };
export type DelayDetail = ResponseOf<typeof C.delayDetail>;

/** A non-'00' code shows the server message and rejects with ApiError. */
export async function fetchDelayDetail(productId: string, orderId: string, opts: { signal?: AbortSignal } = {}) {
  return unwrap(await post<DelayDetail>(DELAY_DETAIL_PATH, { productId, orderId }, opts));
}

export function useDelayDetail(productId: string, orderId: string, lang: Lang) {
  return useQuery({
    queryKey: ['repayment', 'delay-detail', productId, orderId, lang],
    queryFn: ({ signal }) => fetchDelayDetail(productId, orderId, { signal }),
    staleTime: 0,
  });
}
