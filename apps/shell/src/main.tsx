import { createRoot } from 'react-dom/client';
import { captureSharedParams, configureApiClient } from '@lendview/api-client';
import { initI18n, resolveLanguage } from '@lendview/i18n';
import '@lendview/ui/styles.css';
import './shell.css';
import { App } from './App.tsx';
import { prefetchRoute } from './remotes/prefetch.ts';
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
prefetchRoute(window.location.pathname);
await i18nReady;

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
