import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useMoney } from '@lendview/i18n';
import type { Receipt } from '@lendview/contracts';

/** One payment of the order (issue 11): amount and date, method, what it was for, and what it paid. */
export function ReceiptItem({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('loanDetails');
  const money = useMoney();
  const titleId = useId();
  const purpose =
    receipt.repayType === 'installment' && receipt.periods.length > 0
      ? t('payments.installment', { count: receipt.periods.length, list: receipt.periods.join(', ') })
      : t(`payments.${receipt.repayType === 'installment' ? 'full' : receipt.repayType}`);
  const parts = (
    [
      ['principal', receipt.applied.principal],
      ['interest', receipt.applied.interest],
      ['lateCharges', receipt.applied.lateCharges],
      ['extensionFee', receipt.applied.extensionFee],
      ['unapplied', receipt.unapplied],
      ['refunded', receipt.refunded],
    ] as const
  ).filter(([, v]) => v > 0);
  return (
    <article className="ld-receipt" aria-labelledby={titleId} data-testid="payment">
      <h3 className="ld-receipt__head" id={titleId}>
        <span className="ld-receipt__amount">{money(receipt.amount)}</span>
        <span className="ld-receipt__date">{formatDateTime(receipt.paidAt) || receipt.paidAt}</span>
      </h3>
      <dl className="lv-rows lv-rows--fixed">
        <div className="lv-rows__row">
          <dt>{t('payments.method')}</dt>
          <dd>{receipt.method}</dd>
        </div>
        <div className="lv-rows__row">
          <dt>{t('payments.for')}</dt>
          <dd>{purpose}</dd>
        </div>
        {parts.map(([key, value]) => (
          <div className="lv-rows__row" key={key}>
            <dt>{t(`payments.${key}`)}</dt>
            <dd>{money(value)}</dd>
          </div>
        ))}
      </dl>
      {receipt.unapplied > 0 && <p className="ld-receipt__hint">{t('payments.unappliedHint')}</p>}
    </article>
  );
}
