import { useMemo } from 'react';
import { useLang, useMoney } from '@lendview/i18n';
import { loanTermsDoc } from '../content/loan-terms.ts';
import { LegalDocument } from './LegalDocument.tsx';

/** The loan terms and conditions (spec 9), shared by /loanTerms and the public site's /Loan. */
export function LoanTerms({ showTitle = true }: { showTitle?: boolean }) {
  const lang = useLang();
  const money = useMoney();
  const doc = useMemo(() => loanTermsDoc(lang, money), [lang, money]);
  return <LegalDocument doc={doc} showTitle={showTitle} />;
}
