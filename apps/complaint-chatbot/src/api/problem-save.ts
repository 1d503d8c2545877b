import { useMutation } from '@tanstack/react-query';
import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

export type ProblemSaveInput = RequestOf<typeof routes.problemSave>;

/**
 * Saves a complaint (problemType, problemSonType, problemDetail, problemImage, orderNo). problemImage: the
 * uploaded URLs comma-joined ('' when none). A non-'00' code shows the server message. `idempotencyKey`
 * (lib/idempotency-key.ts) goes in the Idempotency-Key header: the same for every retry of one submission, so
 * the server answers the complaint it already saved instead of saving it twice.
 */
export async function saveProblem(input: ProblemSaveInput, idempotencyKey?: string) {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  return unwrap(await call(routes.problemSave, input, { headers }));
}

export function useSaveProblem() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ProblemSaveInput; idempotencyKey?: string }) => saveProblem(input, idempotencyKey),
  });
}
