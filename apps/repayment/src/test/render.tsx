import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Envelope } from '@lendview/contracts';
import { i18n, initI18n, setLanguage, type Lang } from '@lendview/i18n';
import { ToastHost } from '@lendview/ui';
import App from '../App.tsx';

export type Answer = Envelope<unknown> | 'pending' | 'network-error';
export type Handler = Answer | ((body: Record<string, string>) => Answer | Promise<Answer>);

export interface ApiCall {
  path: string;
  body: Record<string, string>;
}

export const ok = <T,>(data: T): Envelope<T> => ({ code: '00', data, message: '' });
export const fail = (message: string, code = 'NOT_FOUND'): Envelope<null> => ({ code, data: null, message });

/**
 * Stubs global fetch with the API: each path answers with its envelope (or never answers, or fails at the
 * network level). Paths without a handler answer NOT_FOUND. Every call is recorded with its form body.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const body = Object.fromEntries(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
    calls.push({ path: url.pathname, body });
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

export async function setLang(lang: Lang) {
  await initI18n(lang);
  await setLanguage(lang);
}

/** Shows where the router went (other remotes' routes are not rendered here). */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/** The current address and how the router got there (PUSH, REPLACE, POP), for every route. */
function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return <p data-testid="where" data-nav={type}>{`${location.pathname}${location.search}`}</p>;
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
            <Route path="/loanDetails" element={<Elsewhere />} />
            <Route path="/complaint" element={<Elsewhere />} />
            <Route path="*" element={<App />} />
          </Routes>
          <Where />
        </MemoryRouter>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...result, queryClient };
}

/** The address the router is at now. */
export function where(): { path: string; nav: string } {
  const el = screen.getByTestId('where');
  return { path: el.textContent ?? '', nav: el.getAttribute('data-nav') ?? '' };
}

/** The text of the toast shown now ('' when none). */
export function toastText(): string {
  return Array.from(document.querySelectorAll('.lv-toast__text'))
    .map((el) => el.textContent ?? '')
    .join(' ');
}
