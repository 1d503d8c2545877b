import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@lendview/ui';
import type { Receipt } from '../api/payment-state.ts';
import { ReceiptCard } from './Receipt.tsx';

/**
 * "Paid": the success headline and the receipt of the payment that was just made (or, for a settled order opened
 * again, the payment that settled it). `receipt` null: the order is settled but reported no receipt.
 */
export function PaidPanel({ receipt, settled }: { receipt: Receipt | null; settled: boolean }) {
  const { t } = useTranslation('repayment');
  let text: string;
  if (!receipt) text = t('paid.settled');
  else if (receipt.repayType === 'delay') text = t('paid.delay');
  else if (receipt.repayType === 'cooling_off') text = t('paid.cooling_off');
  else if (receipt.repayType === 'installment' && receipt.periods.length > 0 && !settled)
    text = t('paid.installment', { count: receipt.periods.length, list: receipt.periods.join(', ') });
  else text = settled ? t('paid.full') : t('paid.title');
  return (
    <>
      <div className="rp-paid" role="status" data-testid="paid">
        <CheckCircleIcon className="rp-paid__icon" />
        <h2 className="rp-paid__title">{t('paid.title')}</h2>
        <p className="rp-paid__text">{text}</p>
      </div>
      {receipt && <ReceiptCard receipt={receipt} />}
    </>
  );
}
