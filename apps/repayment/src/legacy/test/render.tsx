import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Envelope } from '@lendview/contracts';
import { i18n, initI18n, setLanguage, type Lang } from '@lendview/i18n';
import { ToastHost, toast } from '@lendview/ui';
import BindCardPage from '../BindCardPage.tsx';
import RepayPage from '../RepayPage.tsx';

export type Answer = Envelope<unknown> | 'pending' | 'network-error';
export type Handler = Answer | ((body: Record<string, string>) => Answer | Promise<Answer>);

export interface ApiCall {
  path: string;
  body: Record<string, string>;
}

export const ok = <T,>(data: T): Envelope<T> => ({ code: '00', data, message: '' });
export const fail = (message: string, code: string | number = 'NOT_FOUND'): Envelope<null> => ({ code, data: null, message });

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

/** Shows where the router went (routes of other screens are not rendered here). */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders the two legacy screens at `path` the way the shell does (router, i18n, a QueryClient without
 * retries, the toast host). /loanDetails shows where the page navigated to.
 */
export async function renderLegacy(path: string, { lang = 'en' as Lang } = {}) {
  await initI18n(lang);
  await setLanguage(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/repay" element={<RepayPage />} />
            <Route path="/bindCard" element={<BindCardPage />} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { ...result, queryClient };
}

/** The text of the toast shown now ('' when none; a loading toast does not count). */
export function toastText(): string {
  const item = toast.current();
  return item && item.type !== 'loading' ? item.message : '';
}
