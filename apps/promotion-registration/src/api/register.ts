import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { type Envelope, post } from '@lendview/api-client';

/** POST /api/v2/lendview/promotion/register: creates the borrower (success code 0). */
export const REGISTER_PATH = '/api/v2/lendview/promotion/register';

export type RegisterInput = RequestOf<typeof C.register>;
export type RegisterData = ResponseOf<typeof C.register>;

/** Silent: every code of spec 8 (0, 11, -1, other) is handled by lib/registration.ts. */
export function registerVisitor(input: RegisterInput): Promise<Envelope<RegisterData>> {
  return post<RegisterData>(REGISTER_PATH, { ...input }, { successCode: 0, silent: true });
}
