import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { BankOption, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';
import type { PayType } from '../lib/pay-choice.ts';

/** POST /v3/loan-details/init-pay-type (productId, orderId, pay_type): the banks (1) or the markets (2). */
export const INIT_PAY_TYPE_PATH = '/v3/loan-details/init-pay-type';

export type { BankOption };
export type PayTypeOptions = ResponseOf<typeof C.initPayType>;

/** A non-'00' code shows the server message and rejects with ApiError. */
export async function fetchPayTypeOptions(productId: string, orderId: string, payType: PayType, opts: { signal?: AbortSignal } = {}) {
  return unwrap(await post<PayTypeOptions>(INIT_PAY_TYPE_PATH, { productId, orderId, pay_type: payType }, opts));
}

export function usePayTypeOptions(productId: string, orderId: string, payType: PayType, lang: Lang, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['repayment', 'init-pay-type', productId, orderId, payType, lang],
    queryFn: ({ signal }) => fetchPayTypeOptions(productId, orderId, payType, { signal }),
    staleTime: 5 * 60_000,
  });
}
