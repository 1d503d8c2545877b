import { useQuery } from '@tanstack/react-query';
import { queryKeyOf, queryOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type ProblemDetail = ResponseOf<typeof routes.problemDetail>;

const scope = (lang: Lang) => ['complaint', lang] as const;

export function problemDetailKey(problemId: string, lang: Lang) {
  return queryKeyOf(routes.problemDetail, { problemId }, scope(lang));
}

/**
 * The complaint, its state and the answer (problemId). A non-'00' code (another borrower's complaint included:
 * "not found") shows the server message.
 */
export function useProblemDetail(problemId: string, lang: Lang) {
  return useQuery({ ...queryOf(routes.problemDetail, { problemId }, { scope: scope(lang) }), enabled: problemId !== '', staleTime: 0 });
}
