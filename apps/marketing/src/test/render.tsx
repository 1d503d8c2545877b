import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { i18n, initI18n, setLanguage, type Lang } from '@lendview/i18n';
import { ToastHost } from '@lendview/ui';
import App from '../App.tsx';

export const CONTACT = { email: 'care@lendview.test', smWa: '+91 80 4567 1234' };

const CONTACT_PATH = '/v3/personal-center/contact-kf-info';

/** Stubs global fetch: the contact-info call answers with the envelope of spec 8 (or fails, or never answers). */
export function stubFetch({ fail = false, pending = false }: { fail?: boolean; pending?: boolean } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (pending) return new Promise<Response>(() => {});
    const url = String(input instanceof Request ? input.url : input);
    if (fail || !url.includes(CONTACT_PATH)) {
      return new Response(JSON.stringify({ code: 'SERVER_ERROR', data: null, message: 'Server error' }), { status: 500 });
    }
    return new Response(JSON.stringify({ code: '00', data: CONTACT, message: '' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Urls of the fetch calls made so far. */
export function fetchedUrls(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
}

export async function setLang(lang: Lang) {
  await initI18n(lang);
  await setLanguage(lang);
}

/**
 * Renders the marketing remote at `path` the way the shell does: router, i18n, a QueryClient (no retries)
 * and the toast host. Waits for the lazily loaded page to show its h1.
 */
export async function renderApp(path: string, { lang = 'en' as Lang, fetchMock = stubFetch() } = {}) {
  await setLang(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui: ReactElement = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
  const result = render(ui);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...result, fetchMock, queryClient };
}
