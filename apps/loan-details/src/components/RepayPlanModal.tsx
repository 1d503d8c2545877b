import { useTranslation } from 'react-i18next';
import type { RepayPlan } from '@lendview/contracts';
import { Button, Modal } from '@lendview/ui';
import { useMoney } from '@lendview/i18n';

/**
 * 'Detailed repayment plan' (spec 2.5): the rate and term of the loan, then every instalment with its title
 * (which instalment), amount, breakdown (principal + interest, from the server) and repayment date.
 */
export function RepayPlanModal({
  open,
  plans,
  summary,
  onClose,
}: {
  open: boolean;
  plans: readonly RepayPlan[];
  summary: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('loanDetails');
  const money = useMoney();
  return (
    <Modal
      open={open}
      title={t('confirm.planTitle')}
      onClose={onClose}
      placement="bottom"
      showClose
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('confirm.close')}
        </Button>
      }
    >
      {summary && <p className="ld-plan__summary">{summary}</p>}
      <ol className="ld-plan">
        {plans.map((plan, i) => (
          <li key={`${i}-${plan.pay_time}`} className="ld-plan__item">
            <div className="ld-plan__head">
              <h3 className="ld-plan__title">{plan.title}</h3>
              <p className="ld-plan__amount">{money(plan.amount)}</p>
            </div>
            <dl className="ld-plan__rows">
              {plan.description && (
                <div>
                  <dt className="lv-visually-hidden">{t('confirm.planBreakdown')}</dt>
                  <dd>{plan.description}</dd>
                </div>
              )}
              <div>
                <dt>{t('confirm.planDate')}</dt>
                <dd>{plan.pay_time}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
