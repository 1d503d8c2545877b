import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addMessages } from '@lendview/i18n';
import { Spinner } from '@lendview/ui';
import { en } from './i18n/en.ts';
import { id } from './i18n/id.ts';

addMessages('promotion_registration', { en, id });

// The routes this remote owns (also listed in package.json "lendview.routes", which feeds /remotes.json).
// The shell matches routes exactly, so the editor's template id is a query (?id=), not a path segment.
export const ROUTES = ['/promo', '/ops/templates', '/ops/templates/edit'];

// One chunk per screen. Visitors of /promo never download the editor (nor zod, which only the editor's
// validation chunk imports).
const PromoPage = lazy(() => import('./pages/PromoPage.tsx'));
const OpsListPage = lazy(() => import('./ops/OpsListPage.tsx'));
const OpsEditPage = lazy(() => import('./ops/OpsEditPage.tsx'));

/** While a screen's chunk downloads: a screen-high box (nothing below jumps), a spinner after a moment. */
function PageFallback() {
  const { t } = useTranslation('promotion_registration');
  return (
    <div style={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <div style={{ animation: 'pr-fade-in 0s linear 300ms both' }}>
        <Spinner label={t('landing.loading')} />
      </div>
      <style>{'@keyframes pr-fade-in{from{opacity:0}to{opacity:1}}'}</style>
    </div>
  );
}

/** The promotion-registration remote: the registration landing (spec 2.6) and the template editor. */
export default function App() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/promo" element={<PromoPage />} />
        <Route path="/ops/templates" element={<OpsListPage />} />
        <Route path="/ops/templates/edit" element={<OpsEditPage />} />
      </Routes>
    </Suspense>
  );
}
