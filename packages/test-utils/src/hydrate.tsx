import type { ReactNode } from 'react';
// Testing Library's act: React's own, with IS_REACT_ACT_ENVIRONMENT set for its duration (React's alone warns "The
// current testing environment is not configured to support act(...)" on every call: issue 38).
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter, StaticRouter } from 'react-router';
import { AppProviders, createQueryClient } from '@lendview/ui';

// What a server-rendered page goes through (issue 14): the API renders the screen to a string with no browser state
// (no localStorage, no #hash), then the browser hydrates the same screen over that markup. A screen whose first
// browser render differs makes React throw the markup away (error #418): `recoverable` has it.

let root: Root | undefined;

/** Unmounts what hydrateServerRendered hydrated (a test file's afterEach), and gives the address back. */
export function unmountHydrated(): void {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
}

export interface Hydrated {
  /** The server's markup. */
  html: string;
  /** The element hydrated over it. */
  container: HTMLElement;
  /** React's recoverable errors while hydrating (a mismatch). */
  recoverable: unknown[];
}

/**
 * `screen` rendered as the server renders it at `url` (a StaticRouter, the providers, a fresh QueryClient; web storage
 * emptied for the while, as a server has none), then hydrated in the browser at `url` + `hash` with the storage as
 * the test left it, and settled. `client` gives each side its QueryClient (e.g. with the data the page came with).
 */
export async function hydrateServerRendered(
  screen: ReactNode,
  { url, hash = '', client = createQueryClient }: { url: string; hash?: string; client?: () => ReturnType<typeof createQueryClient> },
): Promise<Hydrated> {
  unmountHydrated();
  const stored = [localStorage, sessionStorage].map((s) => Object.keys(s).map((k) => [k, s.getItem(k) ?? ''] as const));
  localStorage.clear();
  sessionStorage.clear();
  const html = renderToString(
    <StaticRouter location={url}>
      <AppProviders queryClient={client()}>{screen}</AppProviders>
    </StaticRouter>,
  );
  [localStorage, sessionStorage].forEach((s, i) => stored[i]!.forEach(([k, v]) => s.setItem(k, v)));
  window.history.replaceState(null, '', `${url}${hash}`);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <BrowserRouter>
        <AppProviders queryClient={client()}>{screen}</AppProviders>
      </BrowserRouter>,
      { onRecoverableError: (e) => recoverable.push(e) },
    );
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
  return { html, container, recoverable };
}
