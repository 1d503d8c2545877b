import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /user-problem/problem-detail (problemId): the complaint, its state and the answer. */
export const PROBLEM_DETAIL_PATH = '/user-problem/problem-detail';

export type ProblemDetail = ResponseOf<typeof C.problemDetail>;
export type ProblemDetailInput = RequestOf<typeof C.problemDetail>;

/** A non-'00' code (another borrower's complaint included: "not found") shows the server message. */
export async function fetchProblemDetail(problemId: string, opts: { signal?: AbortSignal } = {}) {
  const input: ProblemDetailInput = { problemId };
  return unwrap(await post<ProblemDetail>(PROBLEM_DETAIL_PATH, input, opts));
}

export function problemDetailKey(problemId: string, lang: Lang) {
  return ['complaint', 'problem-detail', problemId, lang] as const;
}

export function useProblemDetail(problemId: string, lang: Lang) {
  return useQuery({
    queryKey: problemDetailKey(problemId, lang),
    queryFn: ({ signal }) => fetchProblemDetail(problemId, { signal }),
    enabled: problemId !== '',
    staleTime: 0,
  });
}
