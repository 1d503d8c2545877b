import { ApiError, type Envelope, NetworkError, get, isSuccess, postJson } from '@lendview/api-client';
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

/** GET with the operator's bearer token. Messages are the caller's to show (silent). */
export async function opsGet<T>(path: string, query?: Record<string, string | number>, signal?: AbortSignal): Promise<T> {
  return check(await get<T>(path, query, { silent: true, signal, headers: authHeaders() }));
}

/** POST with a JSON body (the ops endpoints take JSON) and the bearer token. */
export async function opsPost<T>(path: string, body: unknown): Promise<T> {
  const raw = await postJson<unknown>(path, body, { silent: true, headers: authHeaders() });
  if (!raw || typeof raw !== 'object' || !('code' in raw)) throw new NetworkError('bad-response', path);
  const b = raw as { code: unknown; data?: unknown; message?: unknown };
  if (typeof b.code !== 'string' && typeof b.code !== 'number') throw new NetworkError('bad-response', path);
  return check<T>({ code: b.code, data: (b.data ?? null) as T | null, message: typeof b.message === 'string' ? b.message : '' });
}
