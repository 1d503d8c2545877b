// The shell's server entry (issue 14; docs/performance.md "Server rendering"). Built by `vite build --ssr` into
// dist/server/entry.mjs and published with the shell's version; the API loads it (apps/api/src/ssr) together with
// the server entry of the remote that owns the page's route, renders the page with the borrower's data, and
// streams it; the browser then hydrates the same tree (main.tsx).
//
// One process renders many borrowers' pages, of several versions of each remote (live, canary, preview, and the one
// before a rollback), while the page's modules keep some state per page (the manifest the first render starts
// with, the query client): every render pass is one synchronous renderToString that sets that state first, so two
// requests never see each other's. Text comes from an i18next instance of the render's own, holding the shell's
// messages and those the remote version's server entry exports (issue 33): no process-wide message store. Only the
// data fetches are asynchronous, and they carry the borrower's identity in the fetch the API gives
// (configureServer), not in module state.
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '@lendview/api-client';
import { createRenderI18n, renderWithI18n, type Lang, type MessageBundles } from '@lendview/i18n';
import { AppProviders, createQueryClient, setPageQueryClient } from '@lendview/ui';
import { AppContent } from './App.tsx';
import { shellMessages } from './messages.ts';
import { findOwner, type RemoteEntry, type RemotesManifest } from './remotes/manifest.ts';
import { seedManifest } from './remotes/prefetch.ts';
import { provideRemoteApp } from './remotes/loaded-apps.ts';

export { findOwner };
export type { RemoteEntry, RemotesManifest };

/** What a remote's server entry (apps/<remote>/src/server.tsx) exports: the App it exposes to the browser, and its messages. */
export interface RemoteServerModule {
  default: ComponentType;
  messages?: MessageBundles;
}

/** A remote version's messages; a version whose server entry exports none (built before issue 33) is not rendered here. */
function messagesOf(module: { messages?: unknown }, what: string): MessageBundles {
  const { messages } = module;
  if (typeof messages !== 'object' || messages === null) throw new Error(`${what}: its server entry exports no messages`);
  return messages as MessageBundles;
}

/**
 * Once per process: the API's in-process fetch (no network hop: the request goes through the API's own routes
 * and services with the borrower's identity, which the fetch adds itself). No toast, no loading text on a server.
 */
export function configureServer({ fetch }: { fetch: typeof globalThis.fetch }): void {
  configureApiClient({ fetch, onMessage: undefined, onLoading: undefined, reportFailures: false });
}

export interface RenderInput {
  /** pathname + search of the page. */
  url: string;
  lang: Lang;
  /** The manifest this browser gets from /remotes.json (canary and preview applied). */
  manifest: RemotesManifest;
  /** The owner of the route, and its server module. */
  remote: RemoteEntry;
  module: RemoteServerModule;
  /** Aborted when the time budget is over: the API then sends the page client-rendered. */
  signal: AbortSignal;
}

export interface RenderResult {
  /** The markup inside #root. */
  html: string;
  /** React Query's cache after the data fetches: the browser hydrates it and does not fetch again. */
  queries: DehydratedState;
  /** Render passes made (data fetched between them), for the log. */
  passes: number;
}

// A pass that still shows a lazy screen's fallback (React's "client-rendered boundary" marker) waits for the chunk.
const UNFINISHED_BOUNDARY = '<!--$!-->';
const MAX_PASSES = 10;

/** A query a component asked for that nobody fetched: what the next pass needs (`failed`: calls already made that failed). */
function waiting(q: Query, failed: ReadonlySet<string>): boolean {
  if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle' || typeof q.options.queryFn !== 'function') return false;
  if (failed.has(q.queryHash)) return false;
  // A call marked clientOnly is the browser's to make: the page shows it loading. (/that's payment code was one; its
  // server render now finds or issues the code through vcode-for-page, and a repayment remote released before still marks it.)
  if ((q.options.meta as { clientOnly?: boolean } | undefined)?.clientOnly === true) return false;
  // A query the page keeps off until it has what it needs (`enabled: false`) is not fetched either.
  const enabled = (q.options as { enabled?: unknown }).enabled;
  if (enabled === false) return false;
  if (typeof enabled === 'function') return (enabled as (q: Query) => boolean)(q) !== false;
  return true;
}

function renderPass(input: RenderInput, i18n: I18n, client: QueryClient): string {
  // Synchronous from here to the return: the text, the manifest and the data are this request's for the whole pass.
  seedManifest(input.manifest);
  setPageQueryClient(client);
  provideRemoteApp(input.remote, input.module.default);
  try {
    return renderWithI18n(i18n, () =>
      renderToString(
        <StaticRouter location={input.url}>
          <AppContent />
        </StaticRouter>,
      ),
    );
  } finally {
    setPageQueryClient(undefined);
  }
}

/**
 * Renders the page: a pass, then the data the components asked for (in process, through the API's routes), then
 * another pass, until nothing is missing. A call that fails is left to the browser: its query is dropped as soon as
 * it failed and not asked again, so the next pass shows the loading state the browser starts from (failed queries
 * are not sent to the browser), and the browser asks again itself. Dropping it at once, not before one more pass at
 * the end, saves a whole pass on pages with a call that answers with a refusal. (A refusal that is an answer for the
 * screen, like loan details' instalment plan of a single-payment loan, is mapped to data by its query, so it is sent.)
 */
export async function render(input: RenderInput): Promise<RenderResult> {
  const i18n = createRenderI18n(input.lang, [shellMessages, messagesOf(input.module, `${input.remote.name} ${input.remote.version}`)]);
  return renderUntilComplete(input.signal, (client) => renderPass(input, i18n, client));
}

export interface StandaloneInput {
  /** pathname + search of the page. */
  url: string;
  lang: Lang;
  /** A remote's standalone tree (its server entry's `Standalone`), mounted in the browser by mountStandalone. */
  component: ComponentType;
  /** That remote version's messages (its server entry's `messages`). */
  messages: MessageBundles;
  signal: AbortSignal;
}

/**
 * A remote's standalone page without the shell (/landing, the ad landing: apps/api/src/routes/landing). The browser
 * hydrates it with `mountStandalone` (packages/ui/src/standalone.tsx), so this is the tree that function mounts, with
 * the same render loop as the shell's pages. It lives in the shell's server entry because that is where the one
 * server-side React of a release is (the remote's server entry imports it from here).
 */
export async function renderStandalone(input: StandaloneInput): Promise<RenderResult> {
  const { url, lang, component: Component } = input;
  const i18n = createRenderI18n(lang, [messagesOf(input, 'the standalone page')]);
  return renderUntilComplete(input.signal, (client) => {
    setPageQueryClient(client);
    try {
      return renderWithI18n(i18n, () =>
        renderToString(
          <StrictMode>
            <StaticRouter location={url}>
              <AppProviders>
                <Component />
              </AppProviders>
            </StaticRouter>
          </StrictMode>,
        ),
      );
    } finally {
      setPageQueryClient(undefined);
    }
  });
}

async function renderUntilComplete(signal: AbortSignal, pass: (client: QueryClient) => string): Promise<RenderResult> {
  const client = createQueryClient({ server: true });
  const cache = client.getQueryCache();
  const failed = new Set<string>();
  let html = '';
  let passes = 0;
  for (;;) {
    signal.throwIfAborted();
    html = pass(client);
    passes += 1;
    const missing = cache.findAll({ predicate: (q) => waiting(q, failed) });
    const lazy = html.includes(UNFINISHED_BOUNDARY);
    if ((missing.length === 0 && !lazy) || passes >= MAX_PASSES) break;
    await Promise.all(missing.map((q) => client.prefetchQuery({ ...q.options, queryKey: q.queryKey, retry: false })));
    for (const q of cache.findAll({ predicate: (q) => q.state.status === 'error' })) {
      failed.add(q.queryHash);
      cache.remove(q);
    }
    // A lazy screen's chunk is an import() of a module the API has already loaded (apps/api/src/ssr/loader.ts):
    // it settles within a turn of the event loop.
    if (lazy && missing.length === 0) await new Promise((r) => setTimeout(r, 1));
  }
  return { html, queries: dehydrate(client), passes };
}
