import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { addMessages } from '@lendview/i18n';
import { PageFallback } from '@lendview/ui';
import { messages } from './i18n/index.ts';

addMessages(messages);

// One chunk per screen: a borrower downloads only the screen they open.
const LoanDetailsPage = lazy(() => import('./pages/LoanDetailsPage.tsx'));
const ConfirmPage = lazy(() => import('./pages/ConfirmPage.tsx'));
const RelevantPage = lazy(() => import('./pages/RelevantPage.tsx'));
const ErrorPage = lazy(() => import('./pages/ErrorPage.tsx'));

/** The loan-details remote: loan details V3, confirmation, recommended products, joint-login failure. */
export default function App() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/loanDetails" element={<LoanDetailsPage />} />
        <Route path="/confirm" element={<ConfirmPage />} />
        <Route path="/relevant" element={<RelevantPage />} />
        <Route path="/error" element={<ErrorPage />} />
      </Routes>
    </Suspense>
  );
}
