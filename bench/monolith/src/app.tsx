// The monolith's frame: the shell's providers, language sync and session gate (apps/shell/src/App.tsx), with the
// feature's App rendered directly where the shell would load a remote through Module Federation.
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppProviders, Spinner } from '@lendview/ui';
import { resolveLanguage, setLanguage, useLang } from '@lendview/i18n';
import { captureSharedParams } from '@lendview/api-client';
import { NotFound } from '@monolith/shell/pages/NotFound.tsx';
import { SessionGate } from '@monolith/shell/session/SessionGate.tsx';
import '@monolith/shell/messages.ts';
import { featureOf } from './routes.ts';

/** The shell's QuerySync: the language rule (isNeedPop=1 → English) and the shared params follow navigation. */
function QuerySync() {
  const { search } = useLocation();
  const lang = useLang();
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

function Loading() {
  const { t } = useTranslation('shell');
  return (
    <div className="shell-loading">
      <Spinner label={t('loadingPage')} />
    </div>
  );
}

function Feature() {
  const { pathname } = useLocation();
  const feature = featureOf(pathname);
  if (!feature) return <NotFound />;
  const { Component } = feature;
  return (
    <div key={feature.name} className="shell-remote">
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    </div>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <QuerySync />
        <SessionGate>
          <Routes>
            <Route path="*" element={<Feature />} />
          </Routes>
        </SessionGate>
      </AppProviders>
    </BrowserRouter>
  );
}
