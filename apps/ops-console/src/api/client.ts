import { createContext, useContext } from 'react';
import type { RequestOf, ResponseOf, Route } from '@lendview/contracts/routes';

/**
 * What the console's screens need of the operator's session: typed calls of the operator API, a photo fetched
 * with the bearer token (a Blob: no link that expires or leaks the token), and a photo upload for an answer.
 * The gate (ConsoleGate) provides it from the signed-in session; every call ending in 401 signs the operator out.
 */
export interface OpsClient {
  /** The call's data; a non-success envelope throws ApiError with the server's (localized) message. */
  call<R extends Route>(route: R, input: RequestOf<R>, signal?: AbortSignal): Promise<ResponseOf<R>>;
  photo(url: string, signal?: AbortSignal): Promise<Blob>;
  /** Uploads one photo for an answer; resolves to the URL to send in disposeImages. */
  uploadPhoto(file: File): Promise<string>;
}

export const OpsClientContext = createContext<OpsClient | null>(null);

export function useOpsClient(): OpsClient {
  const client = useContext(OpsClientContext);
  if (!client) throw new Error('useOpsClient outside ConsoleGate');
  return client;
}
