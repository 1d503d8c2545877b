import type * as C from '@lendview/contracts';
import type { RequestOf } from '@lendview/contracts';
import { post } from '@lendview/api-client';

/** POST /v3/event/save (productId, moduleId, positionId): spec 7.6 event, e.g. 'loan more' (module 30). */
export const EVENT_SAVE_PATH = '/v3/event/save';

export type EventSaveInput = RequestOf<typeof C.eventSave>;

/** Fire and forget: the answer is ignored and nothing is shown, whatever happens. */
export function saveEvent(input: EventSaveInput): void {
  post(EVENT_SAVE_PATH, input, { silent: true }).catch(() => undefined);
}
