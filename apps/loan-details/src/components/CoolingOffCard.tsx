import { useId } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { CoolingOffInfo } from '@lendview/contracts';
import { useMoney } from '@lendview/i18n';
import { buttonClassName } from '@lendview/ui';

/**
 * Issue 18 item 2, the cooling-off exit (docs/compliance.md "Cooling-off exit"): while loan details carry
 * `coolingOff`, a card says in plain words until when the loan can be cancelled and what that costs (principal +
 * interest for the days used − what was already repaid), that there is no penalty and, when the loan had one, that
 * the processing fee is not refunded. "Exit this loan" opens the repayment flow (/that) with repayType cooling_off
 * and the amount, as Repay does with the full amount.
 */
export function CoolingOffCard({ info, productId, orderId }: { info: CoolingOffInfo; productId: number; orderId: string }) {
  const { t } = useTranslation('loanDetails');
  const money = useMoney();
  const titleId = useId();
  const exitUrl = `/that?${new URLSearchParams({
    productId: String(productId),
    orderId,
    amount: String(info.amount),
    repayType: 'cooling_off',
  })}`;
  const rows: [label: string, value: string, total?: boolean][] = [
    [t('coolingOff.principal'), money(info.principal)],
    [t('coolingOff.interest', { count: info.daysUsed }), money(info.interest)],
  ];
  if (info.paid > 0) rows.push([t('coolingOff.paid'), `− ${money(info.paid)}`]);
  rows.push([t('coolingOff.total'), money(info.amount), true]);

  return (
    <section className="lv-card ld-cool" aria-labelledby={titleId} data-testid="cooling-off">
      <h2 className="ld-cool__title" id={titleId}>
        {t('coolingOff.title')}
      </h2>
      <p className="ld-cool__lead">
        <Trans
          t={t}
          i18nKey="coolingOff.lead"
          values={{ date: info.lastDay, amount: money(info.amount) }}
          components={[<strong key="b" className="ld-nowrap" />]}
        />
      </p>
      <dl className="lv-rows ld-cool__rows">
        {rows.map(([label, value, total]) => (
          <div key={label} className={total ? 'lv-rows__row ld-cool__total' : 'lv-rows__row'}>
            <dt>{label}</dt>
            <dd data-testid={total ? 'cooling-off-amount' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {info.processingFee > 0 && <p className="ld-cool__note">{t('coolingOff.fee', { fee: money(info.processingFee) })}</p>}
      <p className="ld-cool__note">{t('coolingOff.after', { date: info.lastDay })}</p>
      <Link className={buttonClassName('secondary', { block: true, className: 'ld-cool__exit' })} to={exitUrl}>
        {t('coolingOff.exit')}
      </Link>
    </section>
  );
}
