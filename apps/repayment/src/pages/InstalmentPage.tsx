import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useLang, useMoney } from '@lendview/i18n';
import { Button, Card, EmptyState, Page, buttonClassName, Skeleton, CheckMarkIcon, useQueryParam } from '@lendview/ui';
import { type InstalmentItem, type InstalmentPlan, useInstalmentPlan } from '../api/loan-play-detail.ts';
import { type PendingCode, type Receipt, pendingPeriods, usePaymentState } from '../api/payment-state.ts';
import { PaidPanel } from '../components/PaidPanel.tsx';
import { LoadFailure } from '../components/LoadFailure.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { amountParam } from '../lib/amount.ts';
import { groupDigits } from '../lib/clipboard.ts';
import { showDate, showDateTime } from '../lib/dates.ts';
import {
  PERIOD_CONFIRMING,
  byPeriod,
  initialTicks,
  isAllSelected,
  isSelectable,
  selectableCount,
  selectedTotal,
  tickedCount,
  toggle,
  toggleAll,
} from '../lib/instalment-selection.ts';
import { type PaymentContext, methodUrl, vaUrl } from '../lib/links.ts';
import { instalmentPaymentUrl } from '../lib/payment-urls.ts';
import { PAY_TYPE } from '../lib/pay-choice.ts';
import { newReceipt, receiptIds } from '../lib/payment-watch.ts';
import allPaidImage from '../assets/all-paid.svg';
import '../styles/common.css';
import '../styles/instalments.css';

/**
 * `/installment?productId&orderId`: 'Detail Tagihan' of an instalment loan (spec 2.5, 3, 4.7). The instalments to
 * pay with the selection rules of lib/instalment-selection.ts, those already paid, an all-select row and pay now.
 */
export default function InstalmentPage() {
  const { t } = useTranslation('repayment');
  const lang = useLang();
  const productId = useQueryParam('productId');
  const orderId = useQueryParam('orderId');
  const query = useInstalmentPlan(productId, orderId, lang);
  const header = <PageHeader title={t('installment.title')} subtitle={t('installment.subtitle')} />;

  // Issue 11: while a code is open, ask payment-state every 2.5 s; a receipt that was not there when the page
  // opened is a payment made meanwhile: the plan is asked again and the receipt shown.
  // The baseline is taken once, from the first answer (set during render: React renders again at once).
  const [baseline, setBaseline] = useState<ReadonlySet<string> | null>(null);
  const stateQuery = usePaymentState(productId, orderId, lang, {
    poll: (s) => s !== undefined && s.pending !== null && !s.settled,
  });
  const state = stateQuery.data;
  if (state && baseline === null) setBaseline(receiptIds(state));
  const arrived = newReceipt(baseline, state);
  const arrivedId = arrived?.id;
  const refetchPlan = query.refetch;
  useEffect(() => {
    if (arrivedId !== undefined) void refetchPlan();
  }, [arrivedId, refetchPlan]);
  // The open code is offered only while nothing has been paid since the page opened (it may be the one paid).
  const pending = arrived ? null : (state?.pending ?? null);

  if (query.data)
    return (
      <InstalmentPlanView
        key={query.dataUpdatedAt}
        plan={query.data}
        productId={productId}
        orderId={orderId}
        header={header}
        pending={pending}
        arrived={arrived}
        settled={state?.settled === true}
      />
    );
  return (
    <Page title={t('installment.title')} header={header} className="rp-page">
      <div className="rp-stack" aria-busy={query.isPending || undefined}>
        {query.isError ? (
          <LoadFailure
            error={query.error}
            title={t('common.loadFailed')}
            onRetry={() => void query.refetch()}
            productId={productId}
            orderId={orderId}
          />
        ) : (
          <InstalmentPlaceholder />
        )}
      </div>
    </Page>
  );
}

/** The payment context of an open code: /that with it answers the same code (same amount, type and method). */
function codeContext(code: PendingCode, productId: string, orderId: string): PaymentContext {
  return {
    productId,
    orderId,
    amount: amountParam(code.amount),
    display: '',
    repayType: code.repayType,
    periods: code.repayType === 'installment' ? String(pendingPeriods(code)) : '',
  };
}

/** "Pay with this code": the open code (method, number, amount, expiry), its page, and a way to change method. */
function PendingCodeCard({ code, productId, orderId }: { code: PendingCode; productId: string; orderId: string }) {
  const { t } = useTranslation('repayment');
  const money = useMoney();
  const ctx = codeContext(code, productId, orderId);
  const method = code.payType === PAY_TYPE.bank ? t('va.bankMethod', { name: code.payCode }) : t('va.marketMethod', { name: code.payCode });
  const what =
    code.repayType === 'installment' ? t('va.repayType.installment', { count: pendingPeriods(code) }) : t(`va.repayType.${code.repayType}`);
  return (
    <Card className="rp-pending" heading={t('installment.pendingTitle')} data-testid="pending-code">
      <p className="rp-pending__text">
        <Trans
          t={t}
          i18nKey="installment.pendingText"
          values={{ method, what, amount: money(code.amount), date: showDateTime(code.expiresAt) }}
          components={[<span key="nowrap" className="rp-nowrap" />]}
        />
      </p>
      <p className="rp-pending__code rp-mono">{groupDigits(code.vcode)}</p>
      <div className="rp-pending__actions">
        <Link className={buttonClassName('primary', { block: true })} to={vaUrl(ctx)}>
          {t('installment.payWithCode')}
        </Link>
        <Link className={buttonClassName('secondary', { block: true })} to={methodUrl(ctx)}>
          {t('installment.changeMethod')}
        </Link>
      </div>
    </Card>
  );
}

function InstalmentPlanView({
  plan,
  productId,
  orderId,
  header,
  pending,
  arrived,
  settled,
}: {
  plan: InstalmentPlan;
  productId: string;
  orderId: string;
  header: ReactNode;
  pending: PendingCode | null;
  arrived: Receipt | null;
  settled: boolean;
}) {
  const { t } = useTranslation('repayment');
  const money = useMoney();
  const navigate = useNavigate();
  const items = useMemo(() => byPeriod(plan.repayPlanDetail.repayWaitDetail), [plan]);
  const paid = useMemo(() => byPeriod(plan.repayPlanDetail.repayYetDetail), [plan]);
  const [ticks, setTicks] = useState(() => initialTicks(items));
  const total = selectedTotal(items, ticks);
  const periods = tickedCount(ticks);
  const selectable = selectableCount(items);
  const allOn = isAllSelected(items, ticks);
  const toPayId = useId();
  const paidId = useId();

  const payNow = () => {
    // Spec 5: pay is ignored when the amount is zero.
    if (total <= 0 || periods === 0) return;
    // navigate returns a promise only under a data router (this app has none): nothing to wait for.
    void navigate(instalmentPaymentUrl(productId, orderId, total, periods));
  };

  const footer =
    items.length > 0 ? (
      <div className="rp-paybar">
        <div className="rp-paybar__row">
          <label className={selectable === 0 ? 'rp-check rp-paybar__all is-disabled' : 'rp-check rp-paybar__all'}>
            <input
              type="checkbox"
              className="rp-check__input"
              checked={allOn}
              disabled={selectable === 0}
              onChange={() => setTicks((prev) => toggleAll(items, prev))}
            />
            <span className="rp-check__box" aria-hidden="true">
              <CheckMarkIcon />
            </span>
            <span className="rp-check__label">{t('installment.selectAll')}</span>
          </label>
          <p className="rp-paybar__total" aria-live="polite">
            <span className="rp-paybar__total-label">{t('installment.total')}</span>
            <strong data-testid="instalment-total">{money(total)}</strong>
          </p>
        </div>
        <Button variant="primary" block onClick={payNow} aria-disabled={total <= 0 || undefined}>
          {t('common.payNow')}
        </Button>
      </div>
    ) : undefined;

  return (
    <Page title={t('installment.title')} header={header} className="rp-page" footer={footer}>
      <div className="rp-stack">
        {arrived && <PaidPanel receipt={arrived} settled={settled} />}
        {pending && <PendingCodeCard code={pending} productId={productId} orderId={orderId} />}
        <Card className="rp-plan">
          <p className="rp-plan__product">{plan.productName}</p>
          <p className="rp-plan__count">{t('installment.waitCount', { count: plan.repayWaitCount })}</p>
          {plan.note.trim() !== '' && <p className="rp-plan__note">{plan.note}</p>}
        </Card>

        {items.length === 0 ? (
          <EmptyState
            className="rp-empty"
            image={allPaidImage}
            title={t('installment.allPaid')}
            description={t('installment.allPaidText')}
          />
        ) : (
          <section className="rp-section" aria-labelledby={toPayId}>
            <h2 id={toPayId} className="rp-section__title">
              {t('installment.toPay')}
            </h2>
            <ul className="rp-inst-list">
              {items.map((item, i) => (
                <li key={item.periodNo}>
                  <InstalmentRow
                    item={item}
                    checked={ticks[i] ?? false}
                    selectable={isSelectable(items, i)}
                    onToggle={() => setTicks((prev) => toggle(items, prev, i))}
                  />
                </li>
              ))}
            </ul>
            {selectable === 0 ? (
              <p className="rp-muted rp-section__hint">{t('installment.notPayable')}</p>
            ) : selectable > 1 ? (
              <p className="rp-muted rp-section__hint">{t('installment.firstAlways')}</p>
            ) : null}
          </section>
        )}

        {paid.length > 0 && (
          <section className="rp-section" aria-labelledby={paidId}>
            <h2 id={paidId} className="rp-section__title">
              {t('installment.paid')}
            </h2>
            <ul className="rp-inst-list">
              {paid.map((item) => (
                <li key={item.periodNo} className="rp-inst rp-inst--paid">
                  <span className="rp-inst__main">
                    <span className="rp-inst__title">{t('installment.period', { n: item.periodNo })}</span>
                    <span className="rp-inst__due">{t('installment.due', { date: showDate(item.dueTime) })}</span>
                    {item.repayDes.trim() !== '' && <span className="rp-inst__des">{item.repayDes}</span>}
                  </span>
                  <span className="rp-inst__side">
                    <span className="rp-inst__amount">{money(item.totalAmount)}</span>
                    <span className="rp-badge rp-badge--success">{t('installment.paidOn')}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Page>
  );
}

function InstalmentRow({
  item,
  checked,
  selectable,
  onToggle,
}: {
  item: InstalmentItem;
  checked: boolean;
  selectable: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('repayment');
  const money = useMoney();
  const confirming = item.periodStatus === PERIOD_CONFIRMING;
  // With a code open, the badge says it (the server's description would say it again, as "being confirmed").
  const showDes = item.repayDes.trim() !== '' && !confirming;
  const id = useId();
  // Named "Instalment 2 Rp 437.502", described by its due date, description and state.
  return (
    <label className={['rp-inst', 'rp-check', checked && 'is-checked', !selectable && 'is-disabled'].filter(Boolean).join(' ')}>
      <input
        type="checkbox"
        className="rp-check__input"
        checked={checked}
        disabled={!selectable}
        onChange={onToggle}
        aria-labelledby={`${id}-title ${id}-amount`}
        aria-describedby={[`${id}-due`, showDes && `${id}-des`, confirming && `${id}-state`].filter(Boolean).join(' ')}
      />
      <span className="rp-check__box" aria-hidden="true">
        <CheckMarkIcon />
      </span>
      <span className="rp-inst__main">
        <span className="rp-inst__title" id={`${id}-title`}>
          {t('installment.period', { n: item.periodNo })}
        </span>
        <span className="rp-inst__due" id={`${id}-due`}>
          {t('installment.due', { date: showDate(item.dueTime) })}
        </span>
        {showDes && (
          <span className="rp-inst__des" id={`${id}-des`}>
            {item.repayDes}
          </span>
        )}
        {confirming && (
          <span className="rp-badge rp-badge--warning" id={`${id}-state`}>
            {t('installment.waiting')}
          </span>
        )}
      </span>
      <span className="rp-inst__side">
        <span className="rp-inst__amount" id={`${id}-amount`}>
          {money(item.totalAmount)}
        </span>
      </span>
    </label>
  );
}

function InstalmentPlaceholder() {
  return (
    <>
      <Card className="rp-plan">
        <Skeleton width="50%" height={20} />
        <Skeleton width="65%" height={18} />
      </Card>
      <div className="rp-section">
        <Skeleton width={90} height={22} />
        <ul className="rp-inst-list">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="rp-inst rp-inst--placeholder">
              <Skeleton width={24} height={24} radius={6} />
              <span className="rp-inst__main">
                <Skeleton width="55%" height={18} />
                <Skeleton width="40%" height={16} />
              </span>
              <Skeleton width={84} height={18} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
