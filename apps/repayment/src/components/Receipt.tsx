import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@lendview/ui';
import { useMoney } from '@lendview/i18n';
import type { Receipt } from '../api/payment-state.ts';
import { showDateTime } from '../lib/dates.ts';

/** 'Full repayment', 'Instalments 1, 2', 'Extension': what a payment was for. */
function useReceiptPurpose(): (r: Pick<Receipt, 'repayType' | 'periods'>) => string {
  const { t } = useTranslation('repayment');
  return (r) =>
    r.repayType === 'installment' && r.periods.length > 0
      ? t('receipt.installment', { count: r.periods.length, list: r.periods.join(', ') })
      : t(`receipt.${r.repayType === 'installment' ? 'full' : r.repayType}`);
}

/**
 * A payment as the provider reported it (issue 11 item 3): amount, date, method, what it was for, and how it was
 * applied: principal, interest, late charges, extension fee (rows of 0 left out), plus any amount held back.
 */
export function ReceiptCard({ receipt, heading }: { receipt: Receipt; heading?: string }) {
  const { t } = useTranslation('repayment');
  const money = useMoney();
  const purpose = useReceiptPurpose();
  const appliedId = useId();
  const parts = [
    ['principal', receipt.applied.principal],
    ['interest', receipt.applied.interest],
    ['lateCharges', receipt.applied.lateCharges],
    ['extensionFee', receipt.applied.extensionFee],
  ] as const;
  const shown = parts.filter(([, v]) => v > 0);
  return (
    <Card className="rp-receipt" heading={heading ?? t('receipt.title')} data-testid="receipt">
      <dl className="rp-facts">
        <div className="rp-facts__row rp-facts__row--total">
          <dt>{t('receipt.amount')}</dt>
          <dd data-testid="receipt-amount">{money(receipt.amount)}</dd>
        </div>
        <div className="rp-facts__row">
          <dt>{t('receipt.paidAt')}</dt>
          <dd>{showDateTime(receipt.paidAt)}</dd>
        </div>
        <div className="rp-facts__row">
          <dt>{t('receipt.method')}</dt>
          <dd>{receipt.method}</dd>
        </div>
        <div className="rp-facts__row">
          <dt>{t('receipt.for')}</dt>
          <dd>{purpose(receipt)}</dd>
        </div>
      </dl>
      {shown.length > 0 && (
        <>
          <h3 className="rp-receipt__sub" id={appliedId}>
            {t('receipt.applied')}
          </h3>
          <dl className="lv-rows rp-receipt__parts" aria-labelledby={appliedId} data-testid="receipt-parts">
            {shown.map(([key, value]) => (
              <div className="lv-rows__row" key={key}>
                <dt>{t(`receipt.${key}`)}</dt>
                <dd>{money(value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {receipt.unapplied > 0 && (
        <div className="rp-receipt__held">
          <dl className="lv-rows">
            <div className="lv-rows__row">
              <dt>{t('receipt.unapplied')}</dt>
              <dd>{money(receipt.unapplied)}</dd>
            </div>
          </dl>
          <p className="rp-receipt__hint">{t('receipt.unappliedHint')}</p>
        </div>
      )}
      {receipt.refunded > 0 && (
        <dl className="lv-rows">
          <div className="lv-rows__row">
            <dt>{t('receipt.refunded')}</dt>
            <dd>{money(receipt.refunded)}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
