import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { addMessages } from '@lendview/i18n';
import { PageFallback } from '@lendview/ui';
import { messages } from './i18n/index.ts';

addMessages(messages);

// One chunk per page: a borrower downloads only the page they open (the site frame is a shared chunk that
// only the public site pages pull in).
const HomePage = lazy(() => import('./pages/HomePage.tsx'));
const PolicyPage = lazy(() => import('./pages/PolicyPage.tsx'));
const LoanPage = lazy(() => import('./pages/LoanPage.tsx'));
const AboutPage = lazy(() => import('./pages/AboutPage.tsx'));
const UserPage = lazy(() => import('./pages/UserPage.tsx'));
const ContactPage = lazy(() => import('./pages/ContactPage.tsx'));
const PrivacyPolicyPage = lazy(() => import('./pages/PrivacyPolicyPage.tsx'));
const AboutUsPage = lazy(() => import('./pages/AboutUsPage.tsx'));
const CustomerServicePage = lazy(() => import('./pages/CustomerServicePage.tsx'));
const LoanTermsPage = lazy(() => import('./pages/LoanTermsPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

/** The marketing remote: public site (spec 2.2) and informational pages (spec 2.3). Absolute paths. */
export default function App() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/Policy" element={<PolicyPage />} />
        <Route path="/Loan" element={<LoanPage />} />
        <Route path="/About" element={<AboutPage />} />
        <Route path="/User" element={<UserPage />} />
        <Route path="/Contact" element={<ContactPage />} />
        <Route path="/privacyPolicy" element={<PrivacyPolicyPage />} />
        <Route path="/aboutUs" element={<AboutUsPage />} />
        <Route path="/customerService" element={<CustomerServicePage />} />
        <Route path="/loanTerms" element={<LoanTermsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
