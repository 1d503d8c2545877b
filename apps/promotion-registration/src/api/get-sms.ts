import { type Envelope, call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf, ResponseOf } from '@lendview/contracts/routes';

export type GetSmsInput = RequestOf<typeof routes.getSms>;
export type GetSmsData = ResponseOf<typeof routes.getSms>;

/** Sends the registration code (success code 0). Silent: every code of spec 8 (0, 101, 11, other) is handled by lib/registration.ts. */
export function sendSms(input: GetSmsInput): Promise<Envelope<GetSmsData>> {
  return call(routes.getSms, input, { silent: true });
}
