import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { DetailRow } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type { DetailRow };
export type DelayDetail = ResponseOf<typeof routes.delayDetail>;

/** What an extension costs and where it moves the due date (productId, orderId). A non-'00' code shows its message. */
export function useDelayDetail(productId: string, orderId: string, lang: Lang) {
  return useQuery({ ...queryOf(routes.delayDetail, { productId, orderId }, { scope: ['repayment', lang] }), staleTime: 0 });
}
