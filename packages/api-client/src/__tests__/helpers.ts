import { vi } from 'vitest';

export interface Recorded {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type Reply = { status?: number; body: unknown } | { raw: string; status?: number } | Error;

/** A fetch that records each request and answers with the next reply (JSON bodies). */
export function fakeFetch(...replies: Reply[]) {
  const calls: Recorded[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    calls.push({
      url: new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'),
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    const reply = replies.shift() ?? { body: { code: '00', data: null, message: '' } };
    if (reply instanceof Error) throw reply;
    if ('raw' in reply) return new Response(reply.raw, { status: reply.status ?? 200 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** A fetch that never answers but honours its abort signal. */
export function hangingFetch() {
  return vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const { signal } = init;
    await new Promise<void>((aborted) => signal?.addEventListener('abort', () => aborted()));
    // Like fetch: the rejection is the signal's reason, whatever it is.
    throw signal?.reason;
  }) as unknown as typeof fetch;
}
