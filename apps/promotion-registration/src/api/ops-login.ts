import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { opsPost } from '../ops/ops-http.ts';

/** POST /ops/api/login (username, password): the operator's token, name and role. */
export const OPS_LOGIN_PATH = '/ops/api/login';

export type OpsLoginInput = RequestOf<typeof C.opsLogin>;
export type OpsLoginData = ResponseOf<typeof C.opsLogin>;

/** A wrong password answers UNAUTHORIZED with a message: the login form shows it (OpsAuthError carries none). */
export function opsLogin(input: OpsLoginInput) {
  return opsPost<OpsLoginData>(OPS_LOGIN_PATH, input);
}
