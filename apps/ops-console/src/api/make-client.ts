import { ApiError, buildUrl, call, isSuccess, requestHeaders } from '@lendview/api-client';
import type { Envelope, RequestOf, ResponseOf, Route } from '@lendview/contracts/routes';
import { opsUploadImage } from '@lendview/contracts/routes';
import type { OpsClient } from './client.ts';

/** Multipart field of an operator's answer photo (contracts: opsUploadImage). */
const UPLOAD_FIELD = 'image';

/**
 * The console's client over an operator session: the bearer token on every call, and `onUnauthorized` (sign out)
 * when the server says the session is over (UNAUTHORIZED / HTTP 401). Calls are silent: each screen shows the
 * server's message where the operator acted.
 */
export function makeClient(token: () => string | null, onUnauthorized: () => void): OpsClient {
  const auth = (): Record<string, string> => {
    const tok = token();
    return tok ? { Authorization: `Bearer ${tok}` } : {};
  };
  const check = <T>(env: Envelope<T>, status = 200): T => {
    if (isSuccess(env, '00') && env.data !== null) return env.data;
    if (env.code === 'UNAUTHORIZED' || status === 401) onUnauthorized();
    throw new ApiError(env);
  };
  return {
    async call<R extends Route>(route: R, input: RequestOf<R>, signal?: AbortSignal): Promise<ResponseOf<R>> {
      return check(await call(route, input, { silent: true, signal, headers: auth() }));
    },
    async photo(url: string, signal?: AbortSignal): Promise<Blob> {
      const res = await fetch(url, { headers: auth(), signal, credentials: 'same-origin' });
      if (res.status === 401) onUnauthorized();
      if (!res.ok) throw new Error(`photo ${res.status}`);
      return res.blob();
    },
    async uploadPhoto(file: File): Promise<string> {
      // api-client's upload sends no Authorization header, so the console posts the multipart body itself.
      const body = new FormData();
      body.append(UPLOAD_FIELD, file, file.name);
      const res = await fetch(buildUrl(opsUploadImage.path), {
        method: 'POST',
        headers: { ...requestHeaders(), ...auth() },
        body,
        credentials: 'same-origin',
      });
      const env = (await res.json()) as Envelope<ResponseOf<typeof opsUploadImage>>;
      return check(env, res.status).url;
    },
  };
}
