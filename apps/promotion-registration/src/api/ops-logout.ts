import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { opsPost } from '../ops/ops-http.ts';

/** POST /ops/api/logout: ends the token's session on the server. */
export const OPS_LOGOUT_PATH = '/ops/api/logout';

export function opsLogout() {
  return opsPost<ResponseOf<typeof C.opsLogout>>(OPS_LOGOUT_PATH, {});
}
