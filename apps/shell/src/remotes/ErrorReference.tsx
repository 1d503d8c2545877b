import { useTranslation } from 'react-i18next';
import { shortReference } from '@lendview/api-client';

/**
 * "Reference: 1a2b3c4d" / "Referensi: 1a2b3c4d" under an error screen of the shell (issue 15 item 4): the first 8
 * characters of the id the error report was logged under, which a borrower can read out to support, who find the
 * full line in the server log by it (docs/observability.md "Finding a borrower's reference").
 */
export function ErrorReference({ reference }: { reference: string | undefined }) {
  const { t } = useTranslation('shell');
  if (!reference) return null;
  return <span className="shell-reference">{t('reference', { id: shortReference(reference) })}</span>;
}
