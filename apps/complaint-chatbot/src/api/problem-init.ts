import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { OrderCard, RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /user-problem/problem-init (orderId): problem types, collection sub-types, the order and the order list. */
export const PROBLEM_INIT_PATH = '/user-problem/problem-init';

export type { OrderCard };
export type ProblemInit = ResponseOf<typeof C.problemInit>;
export type ProblemInitInput = RequestOf<typeof C.problemInit>;

/**
 * The page query says orderNo; this (older) call names the same value orderId. '' → the borrower's latest
 * order. A non-'00' code shows the server message (spec 8) and rejects with ApiError.
 */
export async function fetchProblemInit(orderNo: string, opts: { signal?: AbortSignal } = {}) {
  const input: ProblemInitInput = { orderId: orderNo };
  return unwrap(await post<ProblemInit>(PROBLEM_INIT_PATH, input, opts));
}

export function useProblemInit(orderNo: string, lang: Lang) {
  return useQuery({
    queryKey: ['complaint', 'problem-init', orderNo, lang],
    queryFn: ({ signal }) => fetchProblemInit(orderNo, { signal }),
    staleTime: 0,
  });
}
