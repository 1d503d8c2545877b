import { type Envelope, call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf, ResponseOf } from '@lendview/contracts/routes';

export type RegisterInput = RequestOf<typeof routes.register>;
export type RegisterData = ResponseOf<typeof routes.register>;

/** Creates the borrower (success code 0). Silent: every code of spec 8 (0, 11, -1, other) is handled by lib/registration.ts. */
export function registerVisitor(input: RegisterInput): Promise<Envelope<RegisterData>> {
  return call(routes.register, input, { silent: true });
}
