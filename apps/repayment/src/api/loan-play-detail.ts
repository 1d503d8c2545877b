import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { InstalmentItem } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type { InstalmentItem };
export type InstalmentPlan = ResponseOf<typeof routes.loanPlayDetail>;

/** The instalment plan of an order (spec 3, 4.7). A non-'00' code shows its message. */
export function useInstalmentPlan(productId: string, orderId: string, lang: Lang) {
  return useQuery({ ...queryOf(routes.loanPlayDetail, { productId, orderId }, { scope: ['repayment', lang] }), staleTime: 0 });
}
