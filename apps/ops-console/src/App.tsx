import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { addMessages } from '@lendview/i18n';
import { PageFallback } from '@lendview/ui';
import { ConsoleGate } from './components/ConsoleGate.tsx';
import { messages } from './i18n/index.ts';
import { useRememberedLang } from './lib/operator-lang.ts';
import { FUNDS_PATH, HOLIDAYS_PATH, ITEM_PATH, QUEUE_PATH, RELEASES_PATH } from './lib/paths.ts';
import './styles/console.css';

addMessages(messages);

// One chunk per screen.
const QueuePage = lazy(() => import('./pages/QueuePage.tsx'));
const ItemPage = lazy(() => import('./pages/ItemPage.tsx'));
const FundsPage = lazy(() => import('./pages/FundsPage.tsx'));
const HolidaysPage = lazy(() => import('./pages/HolidaysPage.tsx'));
const ReleasesPage = lazy(() => import('./pages/ReleasesPage.tsx'));

/** The support console remote (issue 13): queue, complaint / contact message, unapplied funds, holidays, releases (issue 16). */
export default function App() {
  useRememberedLang();
  return (
    <ConsoleGate>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route path={QUEUE_PATH} element={<QueuePage />} />
          <Route path={ITEM_PATH} element={<ItemPage />} />
          <Route path={FUNDS_PATH} element={<FundsPage />} />
          <Route path={HOLIDAYS_PATH} element={<HolidaysPage />} />
          <Route path={RELEASES_PATH} element={<ReleasesPage />} />
        </Routes>
      </Suspense>
    </ConsoleGate>
  );
}
