import type { Envelope } from '@lendview/contracts/routes';
import { requestIdOf } from './request-id.ts';

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
  /** The call's X-Request-Id (the server's log and trace id for it, when the request reached the server). */
  readonly requestId?: string;

  constructor(kind: NetworkErrorKind, url: string, opts: { status?: number; cause?: unknown; requestId?: string } = {}) {
    const what = kind === 'timeout' ? 'timed out' : kind === 'network' ? 'failed' : 'gave a response that is not an envelope';
    super(`Request to ${url} ${what}${opts.status !== undefined ? ` (HTTP ${opts.status})` : ''}`, { cause: opts.cause });
    this.kind = kind;
    this.status = opts.status;
    this.url = url;
    this.requestId = opts.requestId;
  }
}

/** An envelope with a non-success code, thrown by `unwrap` (React Query helpers). Its message was already shown. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string | number;
  readonly envelope: Envelope<unknown>;
  /** The X-Request-Id of the call that answered the envelope (undefined for an envelope made by hand). */
  readonly requestId?: string;

  constructor(envelope: Envelope<unknown>, requestId: string | undefined = requestIdOf(envelope)) {
    super(envelope.message || `API error ${String(envelope.code)}`);
    this.code = envelope.code;
    this.envelope = envelope;
    this.requestId = requestId;
  }
}

export function isNetworkError(e: unknown): e is NetworkError {
  return e instanceof NetworkError;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
