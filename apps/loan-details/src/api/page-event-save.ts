import type * as C from '@lendview/contracts';
import type { RequestOf } from '@lendview/contracts';
import { post } from '@lendview/api-client';

/** POST /market/pageEvent/save (productId, moduleId, positionId): recommendation click tracking (spec 7.5). */
export const PAGE_EVENT_SAVE_PATH = '/market/pageEvent/save';

export type PageEventSaveInput = RequestOf<typeof C.pageEventSave>;

/**
 * Fire and forget (spec 7.5): never throws and shows nothing. The promise settles when the server answered,
 * so a caller that leaves the page next can let the request finish first.
 */
export async function savePageEvent(input: PageEventSaveInput): Promise<void> {
  await post(PAGE_EVENT_SAVE_PATH, input, { silent: true }).catch(() => undefined);
}
