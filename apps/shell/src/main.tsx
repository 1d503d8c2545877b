import { createRoot } from 'react-dom/client';
import { captureSharedParams } from '@lendview/api-client';
import { initI18n, resolveLanguage } from '@lendview/i18n';
import '@lendview/ui/styles.css';
import './shell.css';
import { App } from './app.tsx';
import { prefetchRoute } from './remotes/prefetch.ts';

// Shared params (tok, dId, ...) and the language come from the page query and are kept for the session.
captureSharedParams();
const lang = resolveLanguage();
document.documentElement.lang = lang;
const i18nReady = initI18n(lang); // ready synchronously (bundled messages): a remote may register its own now
prefetchRoute(window.location.pathname);
await i18nReady;

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
