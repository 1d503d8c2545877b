import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { TrackParams } from './track.ts';

/** One visit of a landing page. Spec 7.4: the result is ignored, failures included (tracking must never disturb the visitor). */
export function trackVisit(params: TrackParams): void {
  call(routes.trackVisit, params, { silent: true }).catch(() => undefined);
}
