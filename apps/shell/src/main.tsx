import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { captureSharedParams, configureApiClient, reportClientError } from '@lendview/api-client';
import { initI18n, resolveLanguage } from '@lendview/i18n';
import { getQueryClient, liveOnceHydrated, markHydrated } from '@lendview/ui';
import '@lendview/ui/styles.css';
import './shell.css';
import { App } from './App.tsx';
import { findOwner, parseManifest, type RemotesManifest } from './remotes/manifest.ts';
import { loadRemoteApp } from './remotes/load-remote.ts';
import { prefetchRoute, seedManifest } from './remotes/prefetch.ts';
import { provideRemoteApp } from './remotes/loaded-apps.ts';
import { installSessionGuard } from './session/session-guard.ts';
import { startRum } from './rum/index.ts';

// Shared params (tok, dId, ...) and the language come from the page query and are kept for the session.
captureSharedParams();
// Before any remote calls the API: an expired or missing session goes back to login (issue 12 item 10).
installSessionGuard();
// Every remote's calls answered 5xx or not at all are reported once with their request id (docs/observability.md).
configureApiClient({ reportFailures: true });
// Real-user signals per remote version (issue 16 item 4; docs/releasing.md): errors, views, web-vitals to /api/rum.
startRum();
const lang = resolveLanguage();
document.documentElement.lang = lang;
const i18nReady = initI18n(lang); // ready synchronously (bundled messages): a remote may register its own now

/** What the server put in the page it rendered (apps/api/src/ssr/page.ts): null for a client-rendered page. */
interface ServerRendered {
  lang: string;
  manifest: RemotesManifest;
  queries: DehydratedState;
}

function serverRendered(): ServerRendered | null {
  const el = document.getElementById('lv-ssr');
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as ServerRendered;
    return { ...data, manifest: parseManifest(data.manifest) };
  } catch {
    return null;
  }
}

/**
 * A server-rendered page (issue 14) hydrates: the manifest, the data and the route's remote are the ones the server
 * rendered with, so the first render matches its markup and nothing is fetched again. A page rendered in another
 * language than this session's (a language chosen earlier in the session, which only the browser knows), or whose
 * remote does not load here, is rendered afresh instead.
 */
async function start(root: HTMLElement) {
  const ssr = root.firstElementChild ? serverRendered() : null;
  const owner = ssr && ssr.lang === lang ? findOwner(ssr.manifest, window.location.pathname) : undefined;
  if (ssr && owner) {
    seedManifest(ssr.manifest);
    hydrate(getQueryClient(), ssr.queries);
    markHydrated(ssr.queries.queries.map((q) => q.queryHash));
    try {
      provideRemoteApp(owner, await loadRemoteApp(owner));
      await i18nReady;
      // In a transition, React hydrates in slices of a few milliseconds and gives the main thread back between them;
      // otherwise the whole page's hydration is one long task, which on a slow phone delays the first tap it could
      // answer. Nothing is lost meanwhile: the markup stays inert until every element is hydrated (liveOnceHydrated).
      startTransition(() => {
        hydrateRoot(root, <App />, {
          // React re-renders what did not match on the client; reported so that it gets fixed, never seen as an error.
          onRecoverableError: (error, info) => {
            console.warn('[shell] hydration', error, info.componentStack);
            reportClientError({ message: `hydration: ${error instanceof Error ? error.message : String(error)}`, where: 'shell:hydrate' });
          },
        });
      });
      liveOnceHydrated(root, 'shell');
      return;
    } catch {
      // The remote did not load: the client render below shows its retry panel.
    }
  }
  prefetchRoute(window.location.pathname);
  await i18nReady;
  createRoot(root).render(<App />);
  root.removeAttribute('inert');
}

const root = document.getElementById('root');
if (root) await start(root);
