import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

export type PageEventSaveInput = RequestOf<typeof routes.pageEventSave>;

/**
 * Recommendation click tracking (productId, moduleId, positionId; spec 7.5). Fire and forget: never throws and
 * shows nothing. The promise settles when the server answered, so a caller that leaves the page next can let
 * the request finish first.
 */
export async function savePageEvent(input: PageEventSaveInput): Promise<void> {
  await call(routes.pageEventSave, input, { silent: true }).catch(() => undefined);
}
