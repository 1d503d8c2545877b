// The standalone entry every remote uses (`pnpm --filter @lendview/<remote> dev`). In the product the
// shell loads a remote's ./App through Module Federation and provides the router and providers itself;
// here the remote runs alone, so it gets the same providers the shell would give it. It is also the light
// landing for ad traffic (promotion-registration's landing build, served at /landing), which the API sends
// server-rendered (apps/api/src/routes/landing): that page is hydrated, not drawn again.
import { StrictMode, startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { captureSharedParams, reportClientError } from '@lendview/api-client';
import { initI18n, resolveLanguage } from '@lendview/i18n';
import { AppProviders, getQueryClient, markHydrated } from './AppProviders.tsx';
import { liveOnceHydrated } from './hydration.ts';
import './styles.css';

/** What the server put in a page it rendered (apps/api/src/ssr/page.ts, `#lv-ssr`): null for a client-rendered page. */
function serverRendered(): { lang: string; queries: DehydratedState } | null {
  const text = document.getElementById('lv-ssr')?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { lang?: unknown; queries?: DehydratedState };
    return typeof data.lang === 'string' && Array.isArray(data.queries?.queries) ? { lang: data.lang, queries: data.queries } : null;
  } catch {
    return null;
  }
}

export async function mountStandalone(App: ComponentType, rootId = 'root') {
  captureSharedParams();
  const lang = resolveLanguage();
  await initI18n(lang);
  const root = document.getElementById(rootId);
  if (!root) throw new Error(`#${rootId} is missing from index.html`);
  const tree = (
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <App />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>
  );
  // A page rendered in another language than this session's (chosen earlier, which only the browser knows) is drawn
  // afresh, like the shell does.
  const ssr = root.firstElementChild ? serverRendered() : null;
  if (ssr && ssr.lang === lang) {
    hydrate(getQueryClient(), ssr.queries);
    markHydrated(ssr.queries.queries.map((q) => q.queryHash));
    // In a transition: hydration in slices, the main thread given back between them (apps/shell/src/main.tsx).
    startTransition(() => {
      hydrateRoot(root, tree, {
        onRecoverableError: (error) => {
          console.warn('[standalone] hydration', error);
          reportClientError({
            message: `hydration: ${error instanceof Error ? error.message : String(error)}`,
            where: 'standalone:hydrate',
          });
        },
      });
    });
    liveOnceHydrated(root, 'standalone');
    return;
  }
  root.replaceChildren();
  createRoot(root).render(tree);
  root.removeAttribute('inert');
}
