import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type ProblemInitV3 = ResponseOf<typeof routes.problemInitV3>;

/** The order, the order list and the QA categories (orderNo). A non-'00' code shows the server message (spec 8). */
export function useProblemInitV3(orderNo: string, lang: Lang) {
  return useQuery({ ...queryOf(routes.problemInitV3, { orderNo }, { scope: ['complaint', lang] }), staleTime: 0 });
}
