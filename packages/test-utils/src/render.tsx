import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect } from 'vitest';
import { i18n, initI18n, setLanguage, type Lang } from '@lendview/i18n';
import { ToastHost } from '@lendview/ui';

export async function setLang(lang: Lang) {
  await initI18n(lang);
  await setLanguage(lang);
}

/** Shows where the router went (routes of other remotes are not rendered in a remote's tests). */
export function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/** The address the router is at now (hash included) and how it got there (PUSH, REPLACE, POP). */
function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return <p hidden data-testid="location" data-nav={type}>{`${location.pathname}${location.search}${location.hash}`}</p>;
}

export interface RenderOptions {
  lang?: Lang;
  /** Paths of other remotes' screens: they render <Elsewhere/>, so a test sees where the page went. */
  elsewhere?: readonly string[];
  /** Wait for the page's h1 (a lazily loaded screen shows it once its chunk has loaded). Default true. */
  waitForHeading?: boolean;
}

/**
 * Renders `app` at `path` the way the shell does: i18n, a QueryClient (no retries), a router, the toast host.
 * `app` is the remote's <App/> (matched on every path but `elsewhere`), or a <Routes> of its own.
 */
export async function renderApp(
  app: ReactElement,
  path: string,
  { lang = 'en', elsewhere = [], waitForHeading = true }: RenderOptions = {},
) {
  await setLang(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {elsewhere.map((p) => (
              <Route key={p} path={p} element={<Elsewhere />} />
            ))}
            <Route path="*" element={app} />
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

/** The address the router is at now. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The address the router is at now and how it got there (PUSH, REPLACE, POP). */
export function where(): { path: string; nav: string } {
  const el = screen.getByTestId('location');
  return { path: el.textContent ?? '', nav: el.getAttribute('data-nav') ?? '' };
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

/** The text of the toast shown now ('' when none). */
export function toastText(): string {
  return Array.from(document.querySelectorAll('.lv-toast__text'))
    .map((el) => el.textContent ?? '')
    .join(' ');
}

export async function expectToast(text: string) {
  await waitFor(() => expect(toastText()).toBe(text));
}
