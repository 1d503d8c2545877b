import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { OrderCard } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type { OrderCard };
export type ProblemInit = ResponseOf<typeof routes.problemInit>;

/**
 * Problem types, collection sub-types, the order and the order list. The page query says orderNo; this (older)
 * call names the same value orderId. '' → the borrower's latest order. A non-'00' code shows the server message.
 */
export function useProblemInit(orderNo: string, lang: Lang) {
  return useQuery({ ...queryOf(routes.problemInit, { orderId: orderNo }, { scope: ['complaint', lang] }), staleTime: 0 });
}
