import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/InfoPage.tsx';
import { LoanTerms } from '../components/LoanTerms.tsx';

/** `/loanTerms`: 'Loan terms and conditions' (spec 2.3, 9) for the app's web view. */
export default function LoanTermsPage() {
  const { t } = useTranslation('marketing');
  return (
    <InfoPage title={t('loanPage.title')}>
      <LoanTerms showTitle={false} />
    </InfoPage>
  );
}
