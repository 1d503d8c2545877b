import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, vi } from 'vitest';
import type { Envelope } from '@lendview/contracts';
import { configureApiClient } from '@lendview/api-client';
import { i18n, initI18n, setLanguage, type Lang } from '@lendview/i18n';
import { ToastHost } from '@lendview/ui';
import App from '../App.tsx';

export type Answer = Envelope<unknown> | 'pending' | 'network-error';
export type Handler = Answer | ((body: Record<string, string>) => Answer | Promise<Answer>);

export interface ApiCall {
  method: string;
  path: string;
  /** The form body of a POST, the query (without shared params) of a GET. */
  body: Record<string, string>;
}

export const ok = <T,>(data: T): Envelope<T> => ({ code: '00', data, message: '' });
export const fail = (message: string, code = 'NOT_FOUND'): Envelope<null> => ({ code, data: null, message });

/**
 * Stubs global fetch with the API: each path answers with its envelope (or never answers, or fails at the
 * network level). Paths without a handler answer NOT_FOUND. Every call is recorded with its form body (POST)
 * or query (GET).
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body =
      method === 'GET'
        ? Object.fromEntries(url.searchParams)
        : Object.fromEntries(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
    calls.push({ method, path: url.pathname, body });
    const handler = routes[url.pathname];
    const answer: Answer = handler === undefined ? fail('Not found') : typeof handler === 'function' ? await handler(body) : handler;
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

/** A scripted XMLHttpRequest for api-client's `upload`: the test drives progress and the outcome. */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  body: unknown;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** The multipart file of the request. */
  file(): File | null {
    return this.body instanceof FormData ? (this.body.get('problemImage') as File | null) : null;
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 });
  }
  respond(envelope: Envelope<unknown>) {
    this.status = 200;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

/** Uploads go to FakeXhr (FakeXhr.all lists them, newest last). */
export function stubUploads() {
  FakeXhr.all = [];
  configureApiClient({ XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest });
  return FakeXhr.all;
}

export async function setLang(lang: Lang) {
  await initI18n(lang);
  await setLanguage(lang);
}

/** Shows where the router went (other remotes' routes are not rendered here). */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/** The address the router is at now. */
function Where() {
  const location = useLocation();
  return <p hidden data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/**
 * Waits until the router is at `path`. A first visit to a lazily loaded screen is a transition: the address
 * changes once that screen's chunk has loaded.
 */
export async function expectLocation(path: string) {
  await waitFor(() => expect(currentLocation()).toBe(path));
}

/** Lets a navigation that may have started (and a lazy screen it loads) finish, before checking that none did. */
export function settle(ms = 150) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Renders the remote at `path` the way the shell does: router, i18n, a QueryClient (no retries), the toast host. */
export async function renderApp(path: string, { lang = 'en' as Lang, waitForHeading = true } = {}) {
  await setLang(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/customerService" element={<Elsewhere />} />
            <Route path="*" element={<App />} />
          </Routes>
          <Where />
        </MemoryRouter>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  if (waitForHeading) await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...result, queryClient };
}

/** The text of the toast shown now ('' when none). */
export function toastText(): string {
  return Array.from(document.querySelectorAll('.lv-toast__text'))
    .map((el) => el.textContent ?? '')
    .join(' ');
}
