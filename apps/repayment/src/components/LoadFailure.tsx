import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '@lendview/api-client';
import { ErrorPanel, buttonClassName } from '@lendview/ui';
import { loanDetailsUrl } from '../lib/links.ts';

/**
 * What a screen shows when its data did not come. No answer at all (network, timeout): the network message and
 * a retry. A server "no" (its message was already shown as a toast, spec 8): the message again, in place, and
 * the way back to the loan.
 */
export function LoadFailure({
  error,
  title,
  onRetry,
  productId,
  orderId,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
  productId: string;
  orderId: string;
}) {
  const { t } = useTranslation('repayment');
  if (isNetworkError(error)) {
    return <ErrorPanel className="rp-failure" title={title} message={t('error', { ns: 'common' })} onRetry={onRetry} />;
  }
  const message = error instanceof Error && error.message ? error.message : t('common.loadFailed');
  return (
    <div className="rp-failure-box">
      <ErrorPanel className="rp-failure" title={title} message={message} />
      {orderId ? (
        <Link className={buttonClassName('secondary', { block: true })} to={loanDetailsUrl(productId, orderId)}>
          {t('common.backToLoan')}
        </Link>
      ) : null}
    </div>
  );
}
