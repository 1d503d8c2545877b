import { useMutation } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';

/** POST /user-problem/problem-save (problemType, problemSonType, problemDetail, problemImage, orderNo). */
export const PROBLEM_SAVE_PATH = '/user-problem/problem-save';

export type ProblemSaveInput = RequestOf<typeof C.problemSave>;
export type ProblemSaveResult = ResponseOf<typeof C.problemSave>;

/** problemImage: the uploaded URLs comma-joined ('' when none). A non-'00' code shows the server message. */
export async function saveProblem(input: ProblemSaveInput) {
  return unwrap(await post<ProblemSaveResult>(PROBLEM_SAVE_PATH, input));
}

export function useSaveProblem() {
  return useMutation({ mutationFn: saveProblem });
}
