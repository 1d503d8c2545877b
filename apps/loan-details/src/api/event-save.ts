import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

export type EventSaveInput = RequestOf<typeof routes.eventSave>;

/** Spec 7.6 event (productId, moduleId, positionId), e.g. 'loan more' (module 30). Fire and forget: nothing is shown. */
export function saveEvent(input: EventSaveInput): void {
  call(routes.eventSave, input, { silent: true }).catch(() => undefined);
}
