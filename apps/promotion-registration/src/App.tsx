import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addMessages } from '@lendview/i18n';
import { PageFallback } from '@lendview/ui';
import { messages } from './i18n/index.ts';

addMessages(messages);

// One chunk per screen. Visitors of /promo never download the editor (nor zod, which only the editor's
// validation chunk imports).
const PromoPage = lazy(() => import('./pages/PromoPage.tsx'));
const OpsListPage = lazy(() => import('./template-editor/OpsListPage.tsx'));
const OpsEditPage = lazy(() => import('./template-editor/OpsEditPage.tsx'));

/** The promotion-registration remote: the registration landing (spec 2.6) and the template editor. */
export default function App() {
  const { t } = useTranslation('promotion_registration');
  return (
    <Suspense fallback={<PageFallback label={t('landing.loading')} />}>
      <Routes>
        <Route path="/promo" element={<PromoPage />} />
        <Route path="/ops/templates" element={<OpsListPage />} />
        <Route path="/ops/templates/edit" element={<OpsEditPage />} />
      </Routes>
    </Suspense>
  );
}
