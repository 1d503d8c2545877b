// Standalone dev entry for the marketing team (`pnpm --filter @lendview/marketing dev`). In the product the
// shell loads ./App through Module Federation and provides the router and providers itself.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { captureSharedParams } from '@lendview/api-client';
import { initI18n, resolveLanguage } from '@lendview/i18n';
import { AppProviders } from '@lendview/ui';
import '@lendview/ui/styles.css';
import App from './App.tsx';

captureSharedParams();
void initI18n(resolveLanguage());

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <App />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
