// The remotes' no-API dev mode (issue 16 item 6): `pnpm --filter @lendview/<remote> dev:mock` runs the remote's dev
// server with `--mode mock`; its src/main.tsx then starts MSW in the browser with the handlers of
// src/mocks/handlers.ts before mounting. This module imports only msw (no vitest): it runs in the browser.
// Never in a build: main.tsx imports it only when import.meta.env.MODE is 'mock', which a build's is not, so the
// bundler drops it (the generator's script test checks the built files), and the worker script is served by
// the dev server only (@lendview/vite-config mockServiceWorker()).
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { Envelope } from '@lendview/contracts';

/** What a mocked path answers: an envelope, or a function of the request's fields (query of a GET, form or JSON body). */
export type MockRoute =
  Envelope<unknown> | ((body: Record<string, string>, request: Request) => Envelope<unknown> | Promise<Envelope<unknown>>);

export const ok = <T>(data: T, code: string | number = '00'): Envelope<T> => ({ code, data, message: '' });
export const fail = (message: string, code: string | number = 'NOT_FOUND'): Envelope<null> => ({ code, data: null, message });

/** The paths the API answers (as @lendview/vite-config API_PREFIXES; pages like /ops/templates are not calls). */
const API_PATHS = ['/v3/*', '/api/*', '/h5-api/*', '/user-problem/*', '/market/*', '/ops/api/*', '/dev/*', '/healthz', '/remotes.json'];

async function fields(request: Request): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  if (request.method === 'GET' || request.method === 'HEAD') return query;
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text();
  if (type.includes('json')) return { ...query, ...(text ? (JSON.parse(text) as Record<string, string>) : {}) };
  if (type.includes('x-www-form-urlencoded')) return { ...query, ...Object.fromEntries(new URLSearchParams(text)) };
  return query;
}

/**
 * msw handlers answering each path (any method) with its envelope, HTTP 200 JSON, as the API does (spec 8). The
 * same table shape as the route tests' `stubApi`, so a remote's handlers reuse its test fixtures.
 */
export function envelopeHandlers(routes: Record<string, MockRoute>): RequestHandler[] {
  return Object.entries(routes).map(([path, answer]) =>
    http.all(path, async ({ request }) =>
      HttpResponse.json(typeof answer === 'function' ? await answer(await fields(request), request) : answer),
    ),
  );
}

/** Every API call no handler answers: an envelope naming the path and the file to add it to, instead of a silent hang. */
export function notMockedHandlers(app: string): RequestHandler[] {
  return API_PATHS.map((path) =>
    http.all(path, ({ request }) =>
      HttpResponse.json(
        fail(
          `Mock mode: no handler for ${request.method} ${new URL(request.url).pathname}. Add one to apps/${app}/src/mocks/handlers.ts.`,
          'NOT_MOCKED',
        ),
        { headers: { 'X-Lendview-Mock': 'unhandled' } },
      ),
    ),
  );
}

/** Starts MSW in the browser with the remote's handlers (then the not-mocked answer for every other API path). */
export async function startMockApi(handlers: RequestHandler[], { app }: { app: string }) {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker(...handlers, ...notMockedHandlers(app));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  console.info(`[lendview] mock mode: ${app}'s API calls are answered by src/mocks/handlers.ts (MSW), no API is called.`);
  return worker;
}
