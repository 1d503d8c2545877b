import { type Envelope, call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';

export type SidData = ResponseOf<typeof routes.getSid>;

/** A new captcha id (success code 0). Silent: the form reports a failure itself (spec 8: the server message; no answer: 'error'). */
export function fetchSid(): Promise<Envelope<SidData>> {
  return call(routes.getSid, {}, { silent: true });
}

/** The captcha image of a sid; the timestamp makes each refresh a new request (spec 3). */
export function captchaImageUrl(sid: string, timestamp: number): string {
  const q = new URLSearchParams({ sid, timestamp: String(timestamp) });
  return `${routes.CAPTCHA_IMAGE_PATH}?${q.toString()}`;
}
