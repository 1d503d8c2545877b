// The monolith baseline (bench only, never released): the shell's start-up without Module Federation. The same
// session guard, API client settings, real-user signals and language rule as apps/shell/src/main.tsx; no
// /remotes.json, no federation runtime, no remote entries.
import { createRoot } from 'react-dom/client';
import { captureSharedParams, configureApiClient } from '@lendview/api-client';
import { initI18n, resolveLanguage } from '@lendview/i18n';
import '@lendview/ui/styles.css';
import '@monolith/shell/shell.css';
import { installSessionGuard } from '@monolith/shell/session/session-guard.ts';
import { startRum } from '@monolith/shell/rum/index.ts';
import { App } from './app.tsx';
import { preloadRoute } from './routes.ts';

captureSharedParams();
installSessionGuard();
configureApiClient({ reportFailures: true });
startRum();
const lang = resolveLanguage();
document.documentElement.lang = lang;
const i18nReady = initI18n(lang);
// Like the shell's prefetchRoute: the route's feature code starts loading before React renders.
preloadRoute(window.location.pathname);
await i18nReady;

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
