import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { onPhoneLinkClick, telHref } from '@lendview/bridge';
import { useLang, useMoney } from '@lendview/i18n';
import { Button, Card, Page, buttonClassName, Skeleton, DetailRows, useQueryParam } from '@lendview/ui';
import { type DelayDetail, useDelayDetail } from '../api/delay-detail.ts';
import { usePaymentState } from '../api/payment-state.ts';
import { PaidPanel } from '../components/PaidPanel.tsx';
import { LoadFailure } from '../components/LoadFailure.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { CalendarIcon, PhoneIcon } from '../components/icons.tsx';
import { showDate } from '../lib/dates.ts';
import { visibleRows } from '../lib/detail-rows.ts';
import { loanDetailsUrl } from '../lib/links.ts';
import { extensionPaymentUrl } from '../lib/payment-urls.ts';
import { newReceipt, receiptIds } from '../lib/payment-watch.ts';
import extensionImage from '../assets/extension.svg';
import '../styles/common.css';
import '../styles/extension.css';

/**
 * `/repayDelay?productId&orderId`: 'Detail Tagihan' of an extension (spec 2.5, 3): the fee, the new due date,
 * the order's detail lines (rows whose value is empty or 0 are hidden), product logo and name, pay now.
 */
export default function ExtensionPage() {
  const { t } = useTranslation('repayment');
  const lang = useLang();
  const navigate = useNavigate();
  const productId = useQueryParam('productId');
  const orderId = useQueryParam('orderId');
  const query = useDelayDetail(productId, orderId, lang);
  const data = query.data;

  // Issue 11: with an extension code open, ask payment-state every 2.5 s; an extension paid since the page
  // opened shows "paid" and its receipt, and the detail is asked again (new due date).
  // The baseline is taken once, from the first answer (set during render: React renders again at once).
  const [baseline, setBaseline] = useState<ReadonlySet<string> | null>(null);
  const stateQuery = usePaymentState(productId, orderId, lang, {
    poll: (s) => s !== undefined && s.pending !== null && !s.settled && newReceipt(baseline, s) === null,
  });
  const state = stateQuery.data;
  if (state && baseline === null) setBaseline(receiptIds(state));
  const arrived = newReceipt(baseline, state);
  const arrivedId = arrived?.id;
  const refetchDetail = query.refetch;
  useEffect(() => {
    if (arrivedId !== undefined) void refetchDetail();
  }, [arrivedId, refetchDetail]);

  const payNow = () => {
    if (!data || data.delayShouldPayAmount <= 0) return;
    // navigate returns a promise only under a data router (this app has none): nothing to wait for.
    void navigate(extensionPaymentUrl(productId, orderId, data.delayShouldPayAmount));
  };

  let body;
  if (arrived) body = <PaidPanel receipt={arrived} settled={state?.settled === true} />;
  else if (data) body = <ExtensionBody data={data} />;
  else if (query.isError)
    body = (
      <LoadFailure
        error={query.error}
        title={t('common.loadFailed')}
        onRetry={() => void query.refetch()}
        productId={productId}
        orderId={orderId}
      />
    );
  else body = <ExtensionPlaceholder />;

  let footer;
  if (arrived)
    footer = (
      <Link className={buttonClassName('primary', { block: true })} to={loanDetailsUrl(productId, orderId)}>
        {t('common.backToLoan')}
      </Link>
    );
  else if (data)
    footer = (
      <Button variant="primary" block onClick={payNow} aria-disabled={data.delayShouldPayAmount <= 0 || undefined}>
        {t('common.payNow')}
      </Button>
    );

  return (
    <Page
      title={t('delay.title')}
      header={<PageHeader title={t('delay.title')} subtitle={t('delay.subtitle')} />}
      className="rp-page"
      footer={footer}
    >
      <div className="rp-stack" aria-busy={(!arrived && query.isPending) || undefined}>
        {body}
      </div>
    </Page>
  );
}

function ExtensionBody({ data }: { data: DelayDetail }) {
  const { t } = useTranslation('repayment');
  const money = useMoney();
  const rows = visibleRows(data.orderDetail.detail);
  const newDue = showDate(data.delayExpiryTime);
  return (
    <>
      <Card className="rp-ext">
        <div className="rp-ext__product">
          {data.productLogo ? (
            <img className="rp-ext__logo" src={data.productLogo} alt="" width={40} height={40} decoding="async" />
          ) : (
            <span className="rp-ext__logo" aria-hidden="true" />
          )}
          <p className="rp-ext__name">{data.productName}</p>
        </div>
        <div className="rp-ext__fee">
          <img src={extensionImage} alt="" width={56} height={56} className="rp-ext__art" />
          <div>
            <p className="rp-ext__fee-label">{t('delay.payToday')}</p>
            <p className="rp-ext__fee-value" data-testid="delay-fee">
              {money(data.delayShouldPayAmount)}
            </p>
          </div>
        </div>
        <dl className="rp-facts">
          <div className="rp-facts__row rp-facts__row--total">
            <dt>
              <CalendarIcon className="rp-facts__icon" />
              {t('delay.newDue')}
            </dt>
            <dd data-testid="delay-expiry">
              {newDue}
              {data.delayDays > 0 && <span className="rp-chip">{t('delay.days', { count: data.delayDays })}</span>}
            </dd>
          </div>
        </dl>
        <p className="rp-ext__explain">{t('delay.explain', { date: newDue })}</p>
      </Card>

      <Card className="rp-compare" heading={t('delay.compareTitle')}>
        <dl className="rp-compare__list">
          <div className="rp-compare__option">
            <dt>{t('delay.repayNow')}</dt>
            <dd data-testid="compare-repay" className="rp-nowrap">
              {money(data.comparison.repayNow)}
            </dd>
          </div>
          <div className="rp-compare__option rp-compare__option--extend">
            <dt>{t('delay.extend')}</dt>
            <dd data-testid="compare-extend">
              <span>
                <Trans
                  t={t}
                  i18nKey="delay.extendNow"
                  values={{ amount: money(data.comparison.extendNow) }}
                  components={[<span key="amount" className="rp-nowrap" />]}
                />
              </span>
              <span className="rp-compare__later">
                {/* Neither the amount nor the date breaks inside (at 'Rp 1.045.500' or at the date's hyphens). */}
                <Trans
                  t={t}
                  i18nKey="delay.extendLater"
                  values={{ amount: money(data.comparison.extendLater), date: showDate(data.comparison.newDueDate) }}
                  components={[<span key="date" className="rp-nowrap" />, <span key="amount" className="rp-nowrap" />]}
                />
              </span>
            </dd>
          </div>
        </dl>
      </Card>

      {rows.length > 0 && (
        <Card className="rp-ext-rows" heading={t('common.orderDetails')}>
          <DetailRows rows={rows} />
        </Card>
      )}

      {data.lateChargeCapPercent !== null && (
        <p className="rp-info" data-testid="late-cap">
          {t('delay.cap', { percent: data.lateChargeCapPercent })}
        </p>
      )}

      {data.telephone.trim() !== '' && (
        <a className="rp-link rp-link--center" href={telHref(data.telephone)} onClick={onPhoneLinkClick(data.telephone)}>
          <PhoneIcon />
          {t('delay.call', { phone: data.telephone })}
        </a>
      )}
    </>
  );
}

function ExtensionPlaceholder() {
  return (
    <>
      <Card className="rp-ext" data-testid="delay-placeholder">
        <div className="rp-ext__product">
          <Skeleton width={40} height={40} radius={10} />
          <Skeleton width="45%" height={20} />
        </div>
        <div className="rp-ext__fee">
          <Skeleton width={56} height={56} radius={999} />
          <div className="rp-ext__fee-skel">
            <Skeleton width={110} height={16} />
            <Skeleton width={160} height={32} />
          </div>
        </div>
        <div className="rp-facts">
          <div className="rp-facts__row">
            <Skeleton width="40%" height={18} />
            <Skeleton width="35%" height={18} />
          </div>
        </div>
        <Skeleton width="90%" height={36} />
      </Card>
      <Card className="rp-ext-rows">
        <Skeleton width="40%" height={22} />
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="lv-rows__row">
            <Skeleton width="35%" height={18} />
            <Skeleton width="30%" height={18} />
          </div>
        ))}
      </Card>
    </>
  );
}
