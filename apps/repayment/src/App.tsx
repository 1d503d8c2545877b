import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addMessages } from '@lendview/i18n';
import { EmptyState, Page } from '@lendview/ui';

// The routes this remote owns (also listed in package.json "lendview.routes", which feeds /remotes.json).
// Its screens arrive with their own issue; until then each route says so plainly.
addMessages('repayment', {
  en: { title: 'Repayment', notReadyTitle: 'Coming soon', notReady: 'This screen is not available yet. Please check back after the next app update.' },
  id: { title: 'Pembayaran', notReadyTitle: 'Segera hadir', notReady: 'Layar ini belum tersedia. Silakan kembali setelah pembaruan aplikasi berikutnya.' },
});

export const ROUTES = ["/that","/individual","/installment","/repayDelay","/repay","/bindCard"];

function NotYet() {
  const { t } = useTranslation('repayment');
  return (
    <Page title={t('title')}>
      <EmptyState title={t('notReadyTitle')} description={t('notReady')} />
    </Page>
  );
}

export default function App() {
  return (
    <Routes>
      {ROUTES.map((path) => (
        <Route key={path} path={path} element={<NotYet />} />
      ))}
    </Routes>
  );
}
