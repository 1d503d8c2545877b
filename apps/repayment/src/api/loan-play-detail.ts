import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { InstalmentItem, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /v3/installment/loan-play-detail (productId, orderId): the instalment plan (spec 3, 4.7). */
export const LOAN_PLAY_DETAIL_PATH = '/v3/installment/loan-play-detail';

export type { InstalmentItem };
export type InstalmentPlan = ResponseOf<typeof C.loanPlayDetail>;

/** A non-'00' code shows the server message and rejects with ApiError. */
export async function fetchInstalmentPlan(productId: string, orderId: string, opts: { signal?: AbortSignal } = {}) {
  return unwrap(await post<InstalmentPlan>(LOAN_PLAY_DETAIL_PATH, { productId, orderId }, opts));
}

export function useInstalmentPlan(productId: string, orderId: string, lang: Lang) {
  return useQuery({
    queryKey: ['repayment', 'loan-play-detail', productId, orderId, lang],
    queryFn: ({ signal }) => fetchInstalmentPlan(productId, orderId, { signal }),
    staleTime: 0,
  });
}
