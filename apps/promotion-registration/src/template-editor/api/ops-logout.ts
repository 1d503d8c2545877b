import * as routes from '@lendview/contracts/routes';
import { opsCall } from '../ops-http.ts';

/** Ends the token's session on the server. */
export function opsLogout() {
  return opsCall(routes.opsLogout, {});
}
