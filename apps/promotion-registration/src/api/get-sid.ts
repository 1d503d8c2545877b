import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { type Envelope, get } from '@lendview/api-client';
import { CAPTCHA_IMAGE_PATH } from '../lib/limits.ts';

/** GET /api/v2/lendview/promotion/get-sid: a new captcha id (success code 0). */
export const GET_SID_PATH = '/api/v2/lendview/promotion/get-sid';

export type SidData = ResponseOf<typeof C.getSid>;

/** Silent: the form reports a failure itself (spec 8: the server message; no answer: 'error'). */
export function fetchSid(): Promise<Envelope<SidData>> {
  return get<SidData>(GET_SID_PATH, undefined, { successCode: 0, silent: true });
}

/** The captcha image of a sid; the timestamp makes each refresh a new request (spec 3). */
export function captchaImageUrl(sid: string, timestamp: number): string {
  const q = new URLSearchParams({ sid, timestamp: String(timestamp) });
  return `${CAPTCHA_IMAGE_PATH}?${q.toString()}`;
}
