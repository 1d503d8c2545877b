import { useMutation } from '@tanstack/react-query';
import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

export type GoogleScoreInput = RequestOf<typeof routes.googleScore>;

/** The borrower's rating of the app (score 1-5, orderId). A non-'00' answer shows its message, rejects with ApiError. */
export async function saveGoogleScore(input: GoogleScoreInput) {
  return unwrap(await call(routes.googleScore, input));
}

export function useSaveGoogleScore() {
  return useMutation({ mutationFn: saveGoogleScore });
}
