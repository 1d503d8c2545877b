import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type ProblemList = ResponseOf<typeof routes.problemList>;
export type ProblemTab = ProblemList['tabs'][number];
export type ProblemListItem = ProblemTab['items'][number];

/** The borrower's complaints in tabs (all, processing, processed). A non-'00' code shows the server message. */
export function useProblemList(lang: Lang) {
  return useQuery({ ...queryOf(routes.problemList, {}, { scope: ['complaint', lang] }), staleTime: 0 });
}
