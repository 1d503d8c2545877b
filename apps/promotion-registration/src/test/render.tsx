import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, vi } from 'vitest';
import type { Envelope } from '@lendview/contracts';
import { i18n, initI18n, setLanguage, type Lang } from '@lendview/i18n';
import { ToastHost } from '@lendview/ui';
import App from '../App.tsx';

export type Answer = Envelope<unknown> | 'pending' | 'network-error';
export type Handler = Answer | ((body: Record<string, unknown>, call: ApiCall) => Answer | Promise<Answer>);

export interface ApiCall {
  method: string;
  path: string;
  /** The form body of a POST (or its JSON), the query (without shared params) of a GET. */
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export const ok = <T,>(data: T, code: string | number = '00'): Envelope<T> => ({ code, data, message: '' });
export const fail = (message: string, code: string | number = 'NOT_FOUND'): Envelope<null> => ({ code, data: null, message });

/**
 * Stubs global fetch with the API: each path answers with its envelope (or never answers, or fails at the
 * network level). Paths without a handler answer NOT_FOUND. Every call is recorded with its body and headers.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const raw = typeof init?.body === 'string' ? init.body : '';
    const body: Record<string, unknown> =
      method === 'GET'
        ? Object.fromEntries(url.searchParams)
        : headers['content-type']?.includes('json')
          ? (JSON.parse(raw || '{}') as Record<string, unknown>)
          : Object.fromEntries(new URLSearchParams(raw));
    const call = { method, path: url.pathname, body, headers };
    calls.push(call);
    const handler = routes[url.pathname];
    const answer: Answer = handler === undefined ? fail('Not found') : typeof handler === 'function' ? await handler(body, call) : handler;
    if (answer === 'pending') {
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

export async function setLang(lang: Lang) {
  await initI18n(lang);
  await setLanguage(lang);
}

/** The address the router is at now, hash included. */
function Where() {
  const location = useLocation();
  return <p hidden data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export async function expectLocation(path: string) {
  await waitFor(() => expect(currentLocation()).toBe(path));
}

/** Renders the remote at `path` the way the shell does: router, i18n, a QueryClient (no retries), the toast host. */
export async function renderApp(path: string, { lang = 'en' as Lang } = {}) {
  await setLang(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<App />} />
          </Routes>
          <Where />
        </MemoryRouter>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}

/** The text of the toast shown now ('' when none). */
export function toastText(): string {
  return Array.from(document.querySelectorAll('.lv-toast__text'))
    .map((el) => el.textContent ?? '')
    .join(' ');
}

export async function expectToast(text: string) {
  await waitFor(() => expect(toastText()).toBe(text));
}
