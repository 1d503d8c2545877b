// Standalone dev entry for the feature team (`pnpm --filter @lendview/promotion-registration dev`); the shell does not use it.
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { captureSharedParams } from '@lendview/api-client';
import { initI18n, resolveLanguage } from '@lendview/i18n';
import { AppProviders } from '@lendview/ui';
import '@lendview/ui/styles.css';
import App from './App.tsx';

captureSharedParams();
await initI18n(resolveLanguage());

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <BrowserRouter>
      <AppProviders>
        <App />
      </AppProviders>
    </BrowserRouter>,
  );
