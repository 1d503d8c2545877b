import type { Envelope, SuccessCode } from '@lendview/contracts/routes';
import { DEFAULT_TIMEOUT_MS, beginLoading, endLoading, getConfig } from './config.ts';
import { reportClientError } from './client-errors.ts';
import { NetworkError } from './errors.ts';
import { isRequestId, newRequestId, tagRequestId } from './request-id.ts';
import { getSharedParams } from './shared-params.ts';

export type FormValue = string | number | boolean | null | undefined;
/** A form-encoded body or a query: undefined values are dropped, null is sent as ''. */
export type FormBody = Record<string, FormValue>;

export interface RequestOptions {
  /** Shows the loading indicator with this text while the call runs (spec 7.1). */
  loadingText?: string;
  /** Success code of spec 8: '00' (default) or 0 (registration and the shared helper). */
  successCode?: SuccessCode;
  signal?: AbortSignal;
  /** Do not report a non-success message through onMessage (the caller shows its own). */
  silent?: boolean;
  /**
   * Extra request headers, e.g. the operator pages' `Authorization: Bearer <token>` (ops API). They are added
   * after the standard ones, so they can also replace one.
   */
  headers?: Record<string, string>;
  /** false: an UNAUTHORIZED answer is this caller's own business (no onUnauthorized). Default true. */
  sessionGuard?: boolean;
}

export interface UploadOptions extends RequestOptions {
  /** Fraction of the body sent, 0..1. */
  onProgress?: (fraction: number) => void;
}

/** Spec 8: '00' compared strictly; the numeric success 0 also accepts '0'. */
export function isSuccess(env: Pick<Envelope<unknown>, 'code'> | null | undefined, successCode: SuccessCode = '00'): boolean {
  if (!env) return false;
  if (successCode === 0) return env.code === 0 || env.code === '0';
  return env.code === successCode;
}

function appendForm(target: URLSearchParams, values: FormBody | undefined): void {
  if (!values) return;
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    target.set(k, v === null ? '' : String(v));
  }
}

/** baseUrl + path, with the shared parameters and then the call's own parameters in the query. */
export function buildUrl(path: string, query?: FormBody): string {
  const base = /^https?:\/\//i.test(path) ? '' : (getConfig().baseUrl ?? '');
  const qAt = path.indexOf('?');
  const pathname = qAt >= 0 ? path.slice(0, qAt) : path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(getSharedParams())) if (v) params.set(k, v);
  if (qAt >= 0) for (const [k, v] of new URLSearchParams(path.slice(qAt + 1))) params.set(k, v);
  appendForm(params, query);
  const qs = params.toString();
  return `${base}${pathname}${qs ? `?${qs}` : ''}`;
}

// Header values must be Latin-1; a value that is not is left to the query string.
const headerSafe = (v: string | undefined): v is string => !!v && /^[\x20-\x7e]*$/.test(v);

/** X-Requested-With, the two identity headers (spec 7.1, ARCHITECTURE) and Accept-Language. */
export function requestHeaders(): Record<string, string> {
  const { tok, dId } = getSharedParams();
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  if (headerSafe(tok)) headers['X-Lv-Token'] = tok;
  if (headerSafe(dId)) headers['X-Lv-Device'] = dId;
  const lang = getConfig().language?.();
  if (headerSafe(lang)) headers['Accept-Language'] = lang;
  return headers;
}

/**
 * The call's request id (docs/observability.md): the caller's own `X-Request-Id` header when it gave a valid one,
 * else a fresh one. Sent with the call; kept on the envelope (ApiError) and on NetworkError as `requestId`.
 */
function callRequestId(opts: RequestOptions): string {
  const given = Object.entries(opts.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-request-id')?.[1];
  return isRequestId(given) ? given : newRequestId();
}

/** The headers with exactly one X-Request-Id: the call's. */
function withRequestId(headers: Record<string, string> | undefined, requestId: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() !== 'x-request-id') out[k] = v;
  out['X-Request-Id'] = requestId;
  return out;
}

/**
 * With `reportFailures` on (the shell turns it on): a call answered 5xx, or not answered at all (no connection,
 * timeout, a body that is not an envelope), is reported once to POST /api/client-errors with its request id. A
 * caller's own abort is not a failure.
 */
function reportFailure(method: string, url: string, requestId: string, what: string): void {
  if (!getConfig().reportFailures) return;
  const path = new URL(url, 'http://localhost').pathname;
  reportClientError({ message: `${method} ${path} ${what}`, requestId, where: `api:${path}` });
}

function failureText(e: NetworkError): string {
  if (e.kind === 'timeout') return 'timed out';
  if (e.kind === 'network') return 'failed (no connection)';
  return `gave a response that is not an envelope${e.status !== undefined ? ` (HTTP ${e.status})` : ''}`;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** fetch with the timeout of spec 9; the whole exchange (body included) must finish in time. */
async function exchange(
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  requestId: string,
): Promise<{ status: number; text: string }> {
  if (signal?.aborted) throw abortReason(signal);
  const { fetch: customFetch, timeoutMs = DEFAULT_TIMEOUT_MS } = getConfig();
  const doFetch = customFetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('Timed out', 'TimeoutError'));
  }, timeoutMs);
  const onAbort = () => controller.abort(signal ? abortReason(signal) : undefined);
  signal?.addEventListener('abort', onAbort);
  try {
    const res = await doFetch(url, { ...init, signal: controller.signal, credentials: 'same-origin' });
    const text = await res.text();
    return { status: res.status, text };
  } catch (cause) {
    if (timedOut) throw new NetworkError('timeout', url, { cause, requestId });
    if (signal?.aborted) throw abortReason(signal);
    throw new NetworkError('network', url, { cause, requestId });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function parseJson(text: string, url: string, status: number, requestId?: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new NetworkError('bad-response', url, { status, cause, requestId });
  }
}

/** Spec 3 / 8: `{ code, data, message }` whatever the HTTP status; anything else is a bad response. */
function toEnvelope(body: unknown, url: string, status: number, requestId?: string): Envelope<unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('code' in body)) {
    throw new NetworkError('bad-response', url, { status, requestId });
  }
  const b = body as { code: unknown; data?: unknown; message?: unknown };
  if (typeof b.code !== 'string' && typeof b.code !== 'number') throw new NetworkError('bad-response', url, { status, requestId });
  return {
    code: b.code,
    data: b.data ?? null,
    message: typeof b.message === 'string' ? b.message : '',
  };
}

const UNAUTHORIZED = 'UNAUTHORIZED';

/** A borrower's call (not the operator API, no Authorization header of its own, not opted out). */
function guardsSession(url: string, opts: RequestOptions): boolean {
  if (opts.sessionGuard === false) return false;
  if (opts.headers && Object.keys(opts.headers).some((k) => k.toLowerCase() === 'authorization')) return false;
  const path = new URL(url, 'http://localhost').pathname;
  return !path.startsWith('/ops/');
}

/**
 * Issue 12 item 10: an expired or missing session goes to the one handler the shell set (back to login), for
 * every remote alike. True when it did.
 */
function sessionEnded(env: Pick<Envelope<unknown>, 'code' | 'message'>, status: number, url: string, opts: RequestOptions): boolean {
  const handler = getConfig().onUnauthorized;
  if (!handler || !guardsSession(url, opts)) return false;
  if (env.code !== UNAUTHORIZED && status !== 401) return false;
  try {
    handler({ code: env.code, message: env.message });
  } catch {
    // The handler's failure must not turn the caller's envelope into an exception.
  }
  return true;
}

/** Spec 8: a non-success code shows the server message; the envelope still goes back to the caller. */
function report(env: Envelope<unknown>, opts: RequestOptions, status = 200, url = '/'): void {
  if (isSuccess(env, opts.successCode ?? '00')) return;
  if (sessionEnded(env, status, url, opts)) return;
  if (opts.silent) return;
  if (env.message) getConfig().onMessage?.(env.message);
}

async function envelopeRequest(url: string, init: RequestInit, opts: RequestOptions): Promise<Envelope<unknown>> {
  const requestId = callRequestId(opts);
  const method = init.method ?? 'GET';
  const token = beginLoading(opts.loadingText);
  let env: Envelope<unknown>;
  let httpStatus: number;
  try {
    const headers = withRequestId(init.headers as Record<string, string>, requestId);
    const { status, text } = await exchange(url, { ...init, headers }, opts.signal, requestId);
    httpStatus = status;
    env = tagRequestId(toEnvelope(parseJson(text, url, status, requestId), url, status, requestId), requestId);
  } catch (e) {
    if (e instanceof NetworkError) reportFailure(method, url, requestId, failureText(e));
    throw e;
  } finally {
    // Hide the indicator before a message is shown, so hiding it cannot take the message away.
    endLoading(token);
  }
  if (httpStatus >= 500) reportFailure(method, url, requestId, `answered HTTP ${httpStatus} (${String(env.code)})`);
  report(env, opts, httpStatus, url);
  return env;
}

// The transport answers Envelope<unknown>: what `data` holds is only known from the route's contract, and
// `call` (endpoints.ts) is the one place that says so.

/** POST: shared parameters in the query, body form-encoded (spec 7.1). */
export function post(path: string, body?: FormBody, opts: RequestOptions = {}): Promise<Envelope<unknown>> {
  const form = new URLSearchParams();
  appendForm(form, body);
  return envelopeRequest(
    buildUrl(path),
    {
      method: 'POST',
      headers: { ...requestHeaders(), 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', ...opts.headers },
      body: form.toString(),
    },
    opts,
  );
}

/** GET: shared parameters and the call's own parameters in the query (spec 7.1). */
export function get(path: string, query?: FormBody, opts: RequestOptions = {}): Promise<Envelope<unknown>> {
  return envelopeRequest(buildUrl(path, query), { method: 'GET', headers: { ...requestHeaders(), ...opts.headers } }, opts);
}

/**
 * The JSON client of spec 7.1: JSON body, same headers, timeout and query; returns only the response body.
 * A body shaped as an envelope with a non-success code is still reported through onMessage.
 */
export async function postJson(path: string, body: unknown, opts: RequestOptions = {}): Promise<unknown> {
  const url = buildUrl(path);
  const requestId = callRequestId(opts);
  const token = beginLoading(opts.loadingText);
  let parsed: unknown;
  let httpStatus = 200;
  try {
    const { status, text } = await exchange(
      url,
      {
        method: 'POST',
        headers: withRequestId({ ...requestHeaders(), 'Content-Type': 'application/json', ...opts.headers }, requestId),
        body: JSON.stringify(body ?? {}),
      },
      opts.signal,
      requestId,
    );
    httpStatus = status;
    parsed = parseJson(text, url, status, requestId);
  } catch (e) {
    if (e instanceof NetworkError) reportFailure('POST', url, requestId, failureText(e));
    throw e;
  } finally {
    endLoading(token);
  }
  if (httpStatus >= 500) reportFailure('POST', url, requestId, `answered HTTP ${httpStatus}`);
  if (parsed && typeof parsed === 'object' && 'code' in parsed) {
    const code = parsed.code;
    const message = (parsed as { message?: unknown }).message;
    if ((typeof code === 'string' || typeof code === 'number') && typeof message === 'string') {
      report({ code, data: null, message }, opts, httpStatus, url);
    }
  }
  return parsed;
}

/** POST with a JSON body (nested values stay as they are), answered by an envelope; same query and headers. */
export function postJsonEnvelope(path: string, body: unknown, opts: RequestOptions = {}): Promise<Envelope<unknown>> {
  return envelopeRequest(
    buildUrl(path),
    {
      method: 'POST',
      headers: { ...requestHeaders(), 'Content-Type': 'application/json', ...opts.headers },
      body: JSON.stringify(body ?? {}),
    },
    opts,
  );
}

/** How an upload's XHR ended: the envelope, or what the call rejects with (the caller's abort reason as is). */
type UploadOutcome = { ok: true; env: Envelope<unknown> } | { ok: false; error: unknown };

/** Multipart upload through XMLHttpRequest, for progress; same query, headers, timeout and envelope handling. */
export async function upload(path: string, formData: FormData, opts: UploadOptions = {}): Promise<Envelope<unknown>> {
  const url = buildUrl(path);
  const requestId = callRequestId(opts);
  const { signal } = opts;
  if (signal?.aborted) throw abortReason(signal);
  const { timeoutMs = DEFAULT_TIMEOUT_MS, XMLHttpRequest: Xhr = globalThis.XMLHttpRequest } = getConfig();
  const token = beginLoading(opts.loadingText);
  // A caller's abort rejects with the signal's reason, whatever it is (as fetch does), so the XHR settles an
  // outcome and the rejection is thrown from here rather than passed to reject().
  const outcome = await new Promise<UploadOutcome>((settle) => {
    const xhr = new Xhr();
    let settled = false;
    const onAbort = () => xhr.abort();
    const finish = (fn: () => UploadOutcome) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      endLoading(token);
      settle(fn());
    };
    const failed = (error: unknown): UploadOutcome => ({ ok: false, error });
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(requestHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('X-Request-Id', requestId);
    xhr.timeout = timeoutMs;
    const { onProgress } = opts;
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      };
    }
    xhr.onload = () =>
      finish(() => {
        try {
          const env = tagRequestId(
            toEnvelope(parseJson(xhr.responseText, url, xhr.status, requestId), url, xhr.status, requestId),
            requestId,
          );
          opts.onProgress?.(1);
          if (xhr.status >= 500) reportFailure('POST', url, requestId, `answered HTTP ${xhr.status} (${String(env.code)})`);
          report(env, opts, xhr.status, url);
          return { ok: true, env };
        } catch (e) {
          return failed(e);
        }
      });
    xhr.onerror = () => finish(() => failed(new NetworkError('network', url, { requestId })));
    xhr.ontimeout = () => finish(() => failed(new NetworkError('timeout', url, { requestId })));
    xhr.onabort = () => finish(() => failed(signal?.aborted ? abortReason(signal) : new NetworkError('network', url, { requestId })));
    signal?.addEventListener('abort', onAbort);
    xhr.send(formData);
  });
  if (!outcome.ok) {
    if (outcome.error instanceof NetworkError) reportFailure('POST', url, requestId, failureText(outcome.error));
    throw outcome.error;
  }
  return outcome.env;
}
