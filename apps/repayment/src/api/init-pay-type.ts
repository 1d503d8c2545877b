import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { BankOption } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';
import type { PayType } from '../lib/pay-choice.ts';

export type { BankOption };

/** The banks (pay type 1) or the markets (2) of an order. A non-'00' code shows its message. */
export function usePayTypeOptions(productId: string, orderId: string, payType: PayType, lang: Lang, enabled = true) {
  return useQuery({
    ...queryOf(routes.initPayType, { productId, orderId, pay_type: payType }, { scope: ['repayment', lang] }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
