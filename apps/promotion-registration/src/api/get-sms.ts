import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { type Envelope, post } from '@lendview/api-client';

/** POST /api/v2/lendview/promotion/get-sms: sends the registration code (success code 0). */
export const GET_SMS_PATH = '/api/v2/lendview/promotion/get-sms';

export type GetSmsInput = RequestOf<typeof C.getSms>;
export type GetSmsData = ResponseOf<typeof C.getSms>;

/** Silent: every code of spec 8 (0, 101, 11, other) is handled by lib/registration.ts. */
export function sendSms(input: GetSmsInput): Promise<Envelope<GetSmsData>> {
  return post<GetSmsData>(GET_SMS_PATH, { ...input }, { successCode: 0, silent: true });
}
