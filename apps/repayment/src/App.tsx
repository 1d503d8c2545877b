import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { addMessages } from '@lendview/i18n';
import { PageFallback } from '@lendview/ui';
import { messages } from './i18n/index.ts';

addMessages(messages);

// One chunk per screen: a borrower downloads only the screen they open.
const VirtualAccountPage = lazy(() => import('./pages/VirtualAccountPage.tsx'));
const MethodChoicePage = lazy(() => import('./pages/MethodChoicePage.tsx'));
const InstalmentPage = lazy(() => import('./pages/InstalmentPage.tsx'));
const ExtensionPage = lazy(() => import('./pages/ExtensionPage.tsx'));
// The legacy bank-card repayment (spec 4.3) lives in ./legacy (its own team, namespace and tests).
const RepayPage = lazy(() => import('./card-repayment/RepayPage.tsx'));
const BindCardPage = lazy(() => import('./card-repayment/BindCardPage.tsx'));

/** The repayment remote: virtual account, method choice, instalments, extension, legacy bank-card repayment. */
export default function App() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/that" element={<VirtualAccountPage />} />
        <Route path="/individual" element={<MethodChoicePage />} />
        <Route path="/installment" element={<InstalmentPage />} />
        <Route path="/repayDelay" element={<ExtensionPage />} />
        <Route path="/repay" element={<RepayPage />} />
        <Route path="/bindCard" element={<BindCardPage />} />
      </Routes>
    </Suspense>
  );
}
