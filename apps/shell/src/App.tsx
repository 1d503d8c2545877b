import { useCallback, useEffect, useRef, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppProviders, ErrorPanel, Spinner, forgetHydrated } from '@lendview/ui';
import { resolveLanguage, setLanguage, useLang } from '@lendview/i18n';
import { captureSharedParams, reportClientError } from '@lendview/api-client';
import { type RemotesManifest } from './remotes/manifest.ts';
import { takeManifest, renderedManifest } from './remotes/prefetch.ts';
import { RemoteRoute } from './remotes/RemoteRoute.tsx';
import { PreviewBar } from './remotes/PreviewBar.tsx';
import { ErrorReference } from './remotes/ErrorReference.tsx';
import { failureText } from './remotes/error-report.ts';
import { TestPreview } from './pages/TestPreview.tsx';
import { SessionGate } from './session/SessionGate.tsx';
import './messages.ts';

/** Keeps the language rule (isNeedPop=1 → English) and the shared params in step with in-app navigation. */
function QuerySync() {
  const { search, key } = useLocation();
  const lang = useLang();
  // The server-rendered page's data is fresh for its first screen only (ui markHydrated).
  const firstKey = useRef(key);
  useEffect(() => {
    if (key !== firstKey.current) forgetHydrated();
  }, [key]);
  useEffect(() => {
    captureSharedParams(search);
    const wanted = resolveLanguage(search);
    if (wanted !== lang) void setLanguage(wanted);
  }, [search, lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return null;
}

type ManifestState = { status: 'loading' } | { status: 'failed'; reference: string } | { status: 'ready'; manifest: RemotesManifest };

function Routed() {
  const { t } = useTranslation('shell');
  // A server-rendered page starts with the manifest it was rendered with (hydration renders what the server did).
  const [state, setState] = useState<ManifestState>(() => {
    const manifest = renderedManifest();
    return manifest ? { status: 'ready', manifest } : { status: 'loading' };
  });
  // State changes only once the manifest answers: the first render already shows 'loading'.
  const load = useCallback(() => {
    takeManifest().then(
      (manifest) => setState({ status: 'ready', manifest }),
      (error: unknown) => {
        console.error('[shell] remotes.json failed', error);
        setState({ status: 'failed', reference: reportClientError({ message: failureText(error), where: 'shell:manifest' }) });
      },
    );
  }, []);
  const startedReady = useRef(state.status === 'ready');
  useEffect(() => {
    if (!startedReady.current) load();
  }, [load]);
  const retry = () => {
    setState({ status: 'loading' });
    load();
  };

  const remotes =
    state.status === 'ready' ? (
      <>
        {/* A preview link opened in this browser (issue 16 item 3): which version it sees, and Exit. */}
        {state.manifest.preview ? <PreviewBar preview={state.manifest.preview} /> : null}
        <RemoteRoute manifest={state.manifest} />
      </>
    ) : state.status === 'failed' ? (
      <ErrorPanel
        message={
          <>
            {t('manifestFailed')}
            <ErrorReference reference={state.reference} />
          </>
        }
        onRetry={retry}
        retryLabel={t('retry')}
      />
    ) : (
      <div className="shell-loading">
        <Spinner label={t('loadingPage')} />
      </div>
    );

  return (
    <Routes>
      <Route path="/testPreview" element={<TestPreview />} />
      <Route path="*" element={remotes} />
    </Routes>
  );
}

/** Everything inside the router: the same tree in the browser (App) and on the server (server.tsx). */
export function AppContent() {
  return (
    <AppProviders>
      <QuerySync />
      <SessionGate>
        <Routed />
      </SessionGate>
    </AppProviders>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
