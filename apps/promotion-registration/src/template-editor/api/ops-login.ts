import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';
import { opsCall } from '../ops-http.ts';

/**
 * Sign-in, step 1: the password. Answers a challenge and whether the account enrols its authenticator (with the
 * QR) or sends a code. A wrong password answers UNAUTHORIZED with a message: the login form shows it.
 */
export function opsLogin(input: RequestOf<typeof routes.opsLogin>) {
  return opsCall(routes.opsLogin, input);
}

/** Step 2: the authenticator code for the challenge; answers the operator's token, name and role. */
export function opsLoginCode(input: RequestOf<typeof routes.opsLoginCode>) {
  return opsCall(routes.opsLoginCode, input);
}
