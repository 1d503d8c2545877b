import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@lendview/i18n';
import { ChevronRightIcon } from '@lendview/ui';
import { useOrderKeyFacts } from '../api/key-facts.ts';
import { KeyFactsSheet } from './KeyFactsSheet.tsx';

/**
 * "Key facts statement" under a loan's rows (issue 18): the statement of the loan as its figures stand, in the
 * same sheet as on /confirm, fetched when the borrower opens it (a failure shows the server's message as a toast).
 */
export function LoanKeyFacts({ orderId, productId }: { orderId: string; productId: number }) {
  const { t } = useTranslation('loanDetails');
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const facts = useOrderKeyFacts({ orderId, productId }, lang, open);
  return (
    <>
      <button type="button" className="ld-link-button" onClick={() => setOpen(true)} aria-busy={(open && facts.isFetching) || undefined}>
        {t('kfs.title')}
        <ChevronRightIcon />
      </button>
      {facts.data && <KeyFactsSheet open={open} facts={facts.data} onClose={() => setOpen(false)} />}
    </>
  );
}
