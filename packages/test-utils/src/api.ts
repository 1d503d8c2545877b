import { vi } from 'vitest';
import type { Envelope } from '@lendview/contracts';

/** What a stubbed path answers: an envelope, no answer at all ('pending'), or a network failure. */
export type Answer = Envelope<unknown> | 'pending' | 'network-error';

/** A request body: the form fields of a POST, or its JSON; the query of a GET. */
export type RequestBody = Record<string, unknown>;

export interface ApiCall<B extends RequestBody = Record<string, string>> {
  method: string;
  path: string;
  /** The form body of a POST (or its JSON), the query of a GET. */
  body: B;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
}

export type Handler<B extends RequestBody = Record<string, string>> = Answer | ((body: B) => Answer | Promise<Answer>);

export const ok = <T>(data: T, code: string | number = '00'): Envelope<T> => ({ code, data, message: '' });
export const fail = (message: string, code: string | number = 'NOT_FOUND'): Envelope<null> => ({ code, data: null, message });

/**
 * Stubs global fetch with the API: each path answers with its envelope (or never answers, or fails at the
 * network level). Paths without a handler answer NOT_FOUND. Every call is recorded with its method, body and
 * headers. `B` is the type of the bodies (form fields by default; an app that posts JSON passes `RequestBody`).
 */
export function stubApi<B extends RequestBody = Record<string, string>>(routes: Record<string, Handler<B>>) {
  const calls: ApiCall<B>[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const raw = typeof init?.body === 'string' ? init.body : '';
    const body = (
      method === 'GET'
        ? Object.fromEntries(url.searchParams)
        : headers['content-type']?.includes('json')
          ? JSON.parse(raw || '{}')
          : Object.fromEntries(new URLSearchParams(raw))
    ) as B;
    calls.push({ method, path: url.pathname, body, headers });
    const handler = routes[url.pathname];
    const answer: Answer = handler === undefined ? fail('Not found') : typeof handler === 'function' ? await handler(body) : handler;
    if (answer === 'pending') {
      // Never answers, but gives up when the caller aborts (as fetch does).
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    to: (path: string) => calls.filter((c) => c.path === path),
  };
}
