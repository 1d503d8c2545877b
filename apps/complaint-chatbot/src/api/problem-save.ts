import { useMutation } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';

/** POST /user-problem/problem-save (problemType, problemSonType, problemDetail, problemImage, orderNo). */
export const PROBLEM_SAVE_PATH = '/user-problem/problem-save';

export type ProblemSaveInput = RequestOf<typeof C.problemSave>;
export type ProblemSaveResult = ResponseOf<typeof C.problemSave>;

/**
 * problemImage: the uploaded URLs comma-joined ('' when none). A non-'00' code shows the server message.
 * `idempotencyKey` (lib/idempotency-key.ts) goes in the Idempotency-Key header: the same for every retry of one
 * submission, so the server answers the complaint it already saved instead of saving it twice.
 */
export async function saveProblem(input: ProblemSaveInput, idempotencyKey?: string) {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  return unwrap(await post<ProblemSaveResult>(PROBLEM_SAVE_PATH, input, { headers }));
}

export function useSaveProblem() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ProblemSaveInput; idempotencyKey?: string }) => saveProblem(input, idempotencyKey),
  });
}
