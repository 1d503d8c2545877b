import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /h5-api/v3/user-problem/problem-init (orderNo): the order, the order list and the QA categories. */
export const PROBLEM_INIT_V3_PATH = '/h5-api/v3/user-problem/problem-init';

export type ProblemInitV3 = ResponseOf<typeof C.problemInitV3>;
export type ProblemInitV3Input = RequestOf<typeof C.problemInitV3>;

/** A non-'00' code shows the server message (spec 8) and rejects with ApiError. */
export async function fetchProblemInitV3(orderNo: string, opts: { signal?: AbortSignal } = {}) {
  const input: ProblemInitV3Input = { orderNo };
  return unwrap(await post<ProblemInitV3>(PROBLEM_INIT_V3_PATH, input, opts));
}

export function useProblemInitV3(orderNo: string, lang: Lang) {
  return useQuery({
    queryKey: ['complaint', 'problem-init-v3', orderNo, lang],
    queryFn: ({ signal }) => fetchProblemInitV3(orderNo, { signal }),
    staleTime: 0,
  });
}
