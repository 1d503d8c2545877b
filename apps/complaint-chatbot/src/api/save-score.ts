import { useMutation } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';

/** POST /user-problem/save-score (score 1-5, problemId): the borrower's rating of the answer. */
export const SAVE_SCORE_PATH = '/user-problem/save-score';

export type SaveScoreInput = RequestOf<typeof C.saveScore>;
export type SaveScoreResult = ResponseOf<typeof C.saveScore>;

/** Success code '00' (spec 7.2). A non-'00' code shows the server message and rejects with ApiError. */
export async function saveScore(input: SaveScoreInput) {
  return unwrap(await post<SaveScoreResult>(SAVE_SCORE_PATH, input));
}

export function useSaveScore() {
  return useMutation({ mutationFn: saveScore });
}
