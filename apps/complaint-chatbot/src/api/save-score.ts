import { useMutation } from '@tanstack/react-query';
import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

/** The borrower's rating of the answer (score 1-5, problemId). A non-'00' code shows its message, rejects with ApiError. */
export function useSaveScore() {
  return useMutation({ mutationFn: async (input: RequestOf<typeof routes.saveScore>) => unwrap(await call(routes.saveScore, input)) });
}
