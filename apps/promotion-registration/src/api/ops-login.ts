import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';
import { opsCall } from '../ops/ops-http.ts';

/** The operator's token, name and role. A wrong password answers UNAUTHORIZED with a message: the login form shows it. */
export function opsLogin(input: RequestOf<typeof routes.opsLogin>) {
  return opsCall(routes.opsLogin, input);
}
