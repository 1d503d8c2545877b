import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { TrackParams } from './track.ts';

/** A tap on Apply, with the phone typed. Fire and forget, like the visit: its answer never holds up registration. */
export function trackClick(params: TrackParams & { phone: string }): void {
  call(routes.trackClick, params, { silent: true }).catch(() => undefined);
}
