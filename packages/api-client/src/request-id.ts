import { REQUEST_ID_PATTERN } from '@lendview/contracts/routes';

/**
 * Request ids (issue 15 item 4; docs/observability.md): every call sends a fresh `X-Request-Id`, which the API
 * takes as the id of its log lines and traces (the same format: REQUEST_ID_PATTERN) and echoes back. Errors keep
 * it (`requestId`), and an error report names it, so support can find the call in the server log.
 */

/** A random id (UUID v4 text). crypto.randomUUID needs a secure context; getRandomValues works in any page. */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // Not a secure context (an http page in a web view): the bytes below.
    }
  }
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

/** The short form a borrower reads to support: the first 8 characters ("Reference: 1a2b3c4d"). */
export function shortReference(requestId: string): string {
  return requestId.slice(0, 8);
}

// The envelope a call answered → the call's request id (so that unwrap's ApiError can carry it). A WeakMap, not a
// property: the envelope stays exactly { code, data, message }.
const ids = new WeakMap<object, string>();

export function tagRequestId<T extends object>(target: T, requestId: string): T {
  ids.set(target, requestId);
  return target;
}

/** The request id of the call that answered this envelope, when it came through the api-client. */
export function requestIdOf(target: unknown): string | undefined {
  return target !== null && typeof target === 'object' ? ids.get(target) : undefined;
}
