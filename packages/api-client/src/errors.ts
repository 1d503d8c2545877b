import type { Envelope } from '@lendview/contracts/routes';

export type NetworkErrorKind = 'timeout' | 'network' | 'bad-response';

/**
 * The request did not produce an envelope: no answer within the timeout, no connection, or a body that is not
 * JSON (spec 8: passed on to the caller, no toast).
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly kind: NetworkErrorKind;
  /** HTTP status when a response arrived (bad-response). */
  readonly status?: number;
  readonly url: string;

  constructor(kind: NetworkErrorKind, url: string, opts: { status?: number; cause?: unknown } = {}) {
    const what = kind === 'timeout' ? 'timed out' : kind === 'network' ? 'failed' : 'gave a response that is not an envelope';
    super(`Request to ${url} ${what}${opts.status !== undefined ? ` (HTTP ${opts.status})` : ''}`, { cause: opts.cause });
    this.kind = kind;
    this.status = opts.status;
    this.url = url;
  }
}

/** An envelope with a non-success code, thrown by `unwrap` (React Query helpers). Its message was already shown. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string | number;
  readonly envelope: Envelope<unknown>;

  constructor(envelope: Envelope<unknown>) {
    super(envelope.message || `API error ${String(envelope.code)}`);
    this.code = envelope.code;
    this.envelope = envelope;
  }
}

export function isNetworkError(e: unknown): e is NetworkError {
  return e instanceof NetworkError;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
