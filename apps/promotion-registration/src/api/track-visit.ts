import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { get } from '@lendview/api-client';
import type { TrackParams } from './track.ts';

/** GET /api/v2/lendview/promotion/track-visit: one visit of a landing page. */
export const TRACK_VISIT_PATH = '/api/v2/lendview/promotion/track-visit';

/** Spec 7.4: the result is ignored, failures included (tracking must never disturb the visitor). */
export function trackVisit(params: TrackParams): void {
  const input: RequestOf<typeof C.trackVisit> = params;
  get<ResponseOf<typeof C.trackVisit>>(TRACK_VISIT_PATH, { ...input }, { silent: true }).catch(() => undefined);
}
