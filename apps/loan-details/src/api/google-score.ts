import { useMutation } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';

/** POST /v3/loan-details/google-score (score 1-5, orderId): the borrower's rating of the app. */
export const GOOGLE_SCORE_PATH = '/v3/loan-details/google-score';

export type GoogleScoreInput = RequestOf<typeof C.googleScore>;
export type GoogleScoreResult = ResponseOf<typeof C.googleScore>;

/** A non-'00' answer shows the server message (api-client toast) and rejects with ApiError. */
export async function saveGoogleScore(input: GoogleScoreInput) {
  return unwrap(await post<GoogleScoreResult>(GOOGLE_SCORE_PATH, input));
}

export function useSaveGoogleScore() {
  return useMutation({ mutationFn: saveGoogleScore });
}
