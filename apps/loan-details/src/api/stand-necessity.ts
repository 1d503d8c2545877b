import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post } from '@lendview/api-client';

/** POST /market/stand/necessity (productId, positionId): the tracking call before a joint apply (spec 7.5). */
export const STAND_NECESSITY_PATH = '/market/stand/necessity';

export type StandNecessityInput = RequestOf<typeof C.standNecessity>;
export type StandNecessityResult = ResponseOf<typeof C.standNecessity>;

export function postStandNecessity(input: StandNecessityInput, opts: { loadingText?: string } = {}) {
  return post<StandNecessityResult>(STAND_NECESSITY_PATH, input, opts);
}
