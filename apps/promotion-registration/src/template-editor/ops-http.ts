import { ApiError, type Envelope, call, isSuccess } from '@lendview/api-client';
import type { RequestOf, ResponseOf, Route } from '@lendview/contracts/routes';
import { authHeaders, clearSession } from './session.ts';

/**
 * The operator API's answers to a missing / expired token (UNAUTHORIZED, HTTP 401) and to a role that may not
 * edit templates (FORBIDDEN, HTTP 403): the editor goes back to the login form, or says the account cannot edit.
 */
export class OpsAuthError extends Error {
  override readonly name = 'OpsAuthError';
  /** The server's message (a wrong password on login says so). */
  readonly serverMessage: string;
  constructor(
    readonly kind: 'unauthorized' | 'forbidden',
    serverMessage = '',
  ) {
    super(serverMessage || kind);
    this.serverMessage = serverMessage;
  }
}

export function isOpsAuthError(e: unknown): e is OpsAuthError {
  return e instanceof OpsAuthError;
}

function check<T>(env: Envelope<T>): T {
  if (isSuccess(env, '00') && env.data !== null) return env.data;
  if (env.code === 'UNAUTHORIZED') {
    clearSession();
    throw new OpsAuthError('unauthorized', env.message);
  }
  if (env.code === 'FORBIDDEN') throw new OpsAuthError('forbidden', env.message);
  throw new ApiError(env);
}

/**
 * A call of the operator API with the operator's bearer token: GET with the input in the query, POST with a JSON
 * body (the template endpoints take nested JSON). Messages are the caller's to show (silent).
 */
export async function opsCall<R extends Route>(route: R, input: RequestOf<R>, signal?: AbortSignal): Promise<ResponseOf<R>> {
  return check(await call(route, input, { silent: true, signal, headers: authHeaders(), json: route.method === 'POST' }));
}
