import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /user-problem/problem-list: the borrower's complaints in tabs (all, processing, processed). */
export const PROBLEM_LIST_PATH = '/user-problem/problem-list';

export type ProblemList = ResponseOf<typeof C.problemList>;
export type ProblemTab = ProblemList['tabs'][number];
export type ProblemListItem = ProblemTab['items'][number];

/** A non-'00' code shows the server message (spec 8) and rejects with ApiError. */
export async function fetchProblemList(opts: { signal?: AbortSignal } = {}) {
  return unwrap(await post<ProblemList>(PROBLEM_LIST_PATH, {}, opts));
}

export function useProblemList(lang: Lang) {
  return useQuery({
    queryKey: ['complaint', 'problem-list', lang],
    queryFn: ({ signal }) => fetchProblemList({ signal }),
    staleTime: 0,
  });
}
