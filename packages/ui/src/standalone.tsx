// The standalone dev entry every remote uses (`pnpm --filter @lendview/<remote> dev`). In the product the
// shell loads a remote's ./App through Module Federation and provides the router and providers itself;
// here the remote runs alone, so it gets the same providers the shell would give it.
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { captureSharedParams } from '@lendview/api-client';
import { initI18n, resolveLanguage } from '@lendview/i18n';
import { AppProviders } from './AppProviders.tsx';
import './styles.css';

export async function mountStandalone(App: ComponentType, rootId = 'root') {
  captureSharedParams();
  await initI18n(resolveLanguage());
  const root = document.getElementById(rootId);
  if (!root) throw new Error(`#${rootId} is missing from index.html`);
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <App />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
