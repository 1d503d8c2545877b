import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

/** The tracking call before a joint apply (productId, positionId; spec 7.5). */
export function postStandNecessity(input: RequestOf<typeof routes.standNecessity>, opts: { loadingText?: string } = {}) {
  return call(routes.standNecessity, input, opts);
}
