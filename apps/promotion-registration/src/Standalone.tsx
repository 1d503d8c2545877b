import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import App from './App.tsx';

const PromoPage = lazy(() => import('./pages/PromoPage.tsx'));

/**
 * The standalone entry's routes (index.html → main.tsx): the remote's own routes for dev, plus /landing, where
 * the API serves this build's index.html to ad traffic without the shell (apps/api/src/routes/landing).
 */
export function Standalone() {
  return (
    <Routes>
      <Route
        path="/landing"
        element={
          <Suspense fallback={null}>
            <PromoPage />
          </Suspense>
        }
      />
      <Route path="*" element={<App />} />
    </Routes>
  );
}
