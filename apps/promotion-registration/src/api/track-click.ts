import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { get } from '@lendview/api-client';
import type { TrackParams } from './track.ts';

/** GET /api/v2/lendview/promotion/track-click: a tap on Apply, with the phone typed. */
export const TRACK_CLICK_PATH = '/api/v2/lendview/promotion/track-click';

/** Fire and forget, like the visit: its answer never holds up registration. */
export function trackClick(params: TrackParams & { phone: string }): void {
  const input: RequestOf<typeof C.trackClick> = params;
  get<ResponseOf<typeof C.trackClick>>(TRACK_CLICK_PATH, { ...input }, { silent: true }).catch(() => undefined);
}
