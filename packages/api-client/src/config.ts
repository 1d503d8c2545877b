export interface ApiClientConfig {
  /** A server message of a non-success envelope (spec 8: shown as a toast). */
  onMessage?(msg: string): void;
  /** Loading text when a call with `loadingText` starts, null when no such call is left running. */
  onLoading?(text: string | null): void;
  /** Language for Accept-Language (server messages come back in it). */
  language?(): string;
  /** Default 60000 (spec 9). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Prefix of every path; default '' (same origin). */
  baseUrl?: string;
  /** XMLHttpRequest used by `upload` (tests replace it). */
  XMLHttpRequest?: typeof XMLHttpRequest;
  /**
   * A borrower call answered UNAUTHORIZED (spec 8 / HTTP 401): the session is missing or has ended. The shell sets
   * this once (the bridge's backToLogin, or its "log in again" screen in a browser), so every remote gets it.
   * When set, the envelope's message is not also reported through onMessage. Operator calls (`/ops/…`, or an
   * `Authorization` header) and calls with `sessionGuard: false` never trigger it.
   */
  onUnauthorized?(envelope: { code: string | number; message: string }): void;
  /**
   * Report each call answered 5xx or not answered (no connection, timeout, not an envelope) once to
   * POST /api/client-errors with its request id (docs/observability.md). The shell turns it on for every remote;
   * off by default (tests, a remote running on its own).
   */
  reportFailures?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

let config: ApiClientConfig = {};

/** Sets some options; options not given keep their value. */
export function configureApiClient(options: ApiClientConfig): void {
  config = { ...config, ...options };
}

/** Back to the defaults (tests). */
export function resetApiClient(): void {
  config = {};
  loading.length = 0;
}

export function getConfig(): Readonly<ApiClientConfig> {
  return config;
}

// Calls with a loading text that are still running: the indicator hides only when the last one ends.
const loading: object[] = [];

export function beginLoading(text: string | undefined): object | undefined {
  if (!text) return undefined;
  const token = {};
  loading.push(token);
  config.onLoading?.(text);
  return token;
}

export function endLoading(token: object | undefined): void {
  if (!token) return;
  const i = loading.indexOf(token);
  if (i < 0) return;
  loading.splice(i, 1);
  if (loading.length === 0) config.onLoading?.(null);
}
