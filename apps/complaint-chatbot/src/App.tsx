import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { addMessages } from '@lendview/i18n';
import { PageFallback } from '@lendview/ui';
import { messages } from './i18n/index.ts';

addMessages(messages);

// One chunk per screen: a borrower downloads only the screen they open.
const ComplaintPage = lazy(() => import('./pages/ComplaintPage.tsx'));
const ProblemGridPage = lazy(() => import('./pages/ProblemGridPage.tsx'));
const ChatbotPage = lazy(() => import('./pages/ChatbotPage.tsx'));
const ComplaintFormPage = lazy(() => import('./pages/ComplaintFormPage.tsx'));
const ComplaintListPage = lazy(() => import('./pages/ComplaintListPage.tsx'));
const ComplaintDetailPage = lazy(() => import('./pages/ComplaintDetailPage.tsx'));

/** The complaint-chatbot remote: complaint entry, problem grid, chatbot, form, list and detail (spec 2.4). */
export default function App() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/complaint" element={<ComplaintPage />} />
        <Route path="/complainNewPage" element={<ProblemGridPage />} />
        <Route path="/intelligentCustomerService" element={<ChatbotPage />} />
        <Route path="/complainPageNext" element={<ComplaintFormPage />} />
        <Route path="/complaintList" element={<ComplaintListPage />} />
        <Route path="/complainDetails" element={<ComplaintDetailPage />} />
      </Routes>
    </Suspense>
  );
}
