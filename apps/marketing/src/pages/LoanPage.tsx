import { useTranslation } from 'react-i18next';
import { SiteFrame } from '../components/SiteFrame.tsx';
import { LoanTerms } from '../components/LoanTerms.tsx';

/** `/Loan`: the loan agreement, i.e. the loan terms and conditions inside the site frame. */
export default function LoanPage() {
  const { t } = useTranslation('marketing');
  return (
    <SiteFrame title={t('loanPage.title')} mainClassName="mk-loan">
      <LoanTerms />
    </SiteFrame>
  );
}
