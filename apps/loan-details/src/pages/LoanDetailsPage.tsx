import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { isNetworkError } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';
import { useLang, useMoney } from '@lendview/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Receipt } from '@lendview/contracts';
import { formatDateTime } from '@lendview/i18n';
import {
  Button,
  Card,
  ErrorPanel,
  Page,
  buttonClassName,
  toast,
  Skeleton,
  DetailRows,
  CheckCircleIcon,
  ChevronRightIcon,
  useQueryParam,
} from '@lendview/ui';
import { instalmentPlanQuery, repaysByInstalment } from '../api/loan-play-detail.ts';
import { type LoanDetails, useLoanDetails } from '../api/loan-details.ts';
import { usePaymentState } from '../api/payment-state.ts';
import { CoolingOffCard } from '../components/CoolingOffCard.tsx';
import { LoanKeyFacts } from '../components/LoanKeyFacts.tsx';
import { ReceiptItem } from '../components/Receipt.tsx';
import { saveEvent } from '../api/event-save.ts';
import { ProductCard } from '../components/ProductCard.tsx';
import { RatingModal, ThanksModal } from '../components/RatingModal.tsx';
import { StatusImage } from '../components/StatusImage.tsx';
import { InfoIcon } from '../components/icons.tsx';
import { externalNav } from '../lib/navigation.ts';
import { LOAN_MORE_MODULE_ID } from '../lib/scene.ts';
import { useOpenProduct, useProductApply } from '../lib/use-product-apply.ts';
import { statusView } from '../status.ts';
import '../styles/common.css';
import '../styles/loan-details.css';

/**
 * `/loanDetails?productId&orderId`: loan details V3 (spec 2.5, 4.9). A load that fails with a server code
 * shows nothing (spec 8): the page keeps its quiet placeholder. Only a request that got no answer at all
 * offers a retry.
 */
export default function LoanDetailsPage() {
  const { t } = useTranslation('loanDetails');
  const lang = useLang();
  const productId = useQueryParam('productId');
  const orderId = useQueryParam('orderId');
  const query = useLoanDetails(productId, orderId, lang, t('details.loading'));
  const data = query.data;

  // Issue 11: while the order has a code pending, ask payment-state every 2.5 s (page visible). A receipt that
  // was not there when the page first asked is a payment made meanwhile: the details are asked again (new
  // status, rows, payments) and a "payment received" note shows, without a reload.
  const repaying = data ? statusView(data.orderStatus, data.isDelay).repay : false;
  // The baseline is taken once, from the first answer (set during render: React renders again at once).
  const [baseline, setBaseline] = useState<ReadonlySet<string> | null>(null);
  const stateQuery = usePaymentState(productId, orderId, lang, {
    enabled: repaying || baseline !== null,
    poll: (s) => s !== undefined && s.pending !== null && !s.settled,
  });
  const state = stateQuery.data;
  if (state && baseline === null) setBaseline(new Set(state.receipts.map((r) => r.id)));
  const arrived = (baseline && state?.receipts.find((r) => !baseline.has(r.id))) || null;
  const arrivedId = arrived?.id;
  const refetchDetails = query.refetch;
  useEffect(() => {
    if (arrivedId !== undefined) void refetchDetails();
  }, [arrivedId, refetchDetails]);

  let body;
  if (data) body = <LoanDetailsBody data={data} arrived={arrived} />;
  else if (query.isError && isNetworkError(query.error))
    body = <ErrorPanel message={t('error', { ns: 'common' })} onRetry={() => void query.refetch()} />;
  else body = <LoanDetailsPlaceholder still={query.isError} />;

  return (
    <Page
      title={data?.productName || t('details.title')}
      header={<h1 className="lv-page__title">{t('details.title')}</h1>}
      className="ld-page"
      footer={data && hasActions(data) ? <LoanActions data={data} /> : undefined}
    >
      <div className="ld-stack" aria-busy={query.isPending || undefined}>
        {body}
      </div>
    </Page>
  );
}

/** Same shapes and sizes as the loaded page, so nothing jumps when the data arrives. */
function LoanDetailsPlaceholder({ still }: { still: boolean }) {
  return (
    <>
      <Card className="ld-status" data-testid="loan-details-placeholder">
        <Skeleton width={160} height={120} radius={16} still={still} className="ld-status__image" />
        <Skeleton width="60%" height={24} still={still} align="center" />
        <Skeleton width="85%" height={18} still={still} align="center" />
        <Skeleton width="70%" height={18} still={still} align="center" />
      </Card>
      <Card className="ld-card">
        <div className="ld-product-row ld-product-row--static">
          <Skeleton width={40} height={40} radius={10} still={still} />
          <Skeleton width="50%" height={20} still={still} />
        </div>
        <div className="lv-rows lv-rows--fixed">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="lv-rows__row">
              <Skeleton width="35%" height={18} still={still} />
              <Skeleton width="30%" height={18} still={still} />
            </div>
          ))}
        </div>
      </Card>
    </>
  );
}

/** The payment that arrived while the page was open: amount and date; its receipt is in the payments list. */
function PaidNote({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('loanDetails');
  const money = useMoney();
  return (
    <div className="ld-paid" role="status" data-testid="paid">
      <CheckCircleIcon width={24} height={24} className="ld-paid__icon" />
      <p className="ld-paid__text">
        <strong>{t('details.paidTitle')}</strong>
        <span>
          <Trans
            t={t}
            i18nKey="details.paidText"
            values={{ amount: money(receipt.amount), date: formatDateTime(receipt.paidAt) || receipt.paidAt }}
            components={[<span key="nowrap" className="ld-nowrap" />]}
          />
        </span>
      </p>
    </div>
  );
}

/** Spec 9: why a full repayment is not possible today, said before the borrower taps Repay. */
export const EARLY_NOTE_ID = 'ld-early-repay';

function LoanDetailsBody({ data, arrived }: { data: LoanDetails; arrived: Receipt | null }) {
  const { t } = useTranslation('loanDetails');
  const view = statusView(data.orderStatus, data.isDelay);
  const recId = useId();
  const paymentsId = useId();
  const payments = data.payments ?? [];
  const earlyMessage = view.repay && data.earlyRepay?.allowed === false ? (data.earlyRepay.message ?? '').trim() : '';
  const late = LATE_STATUSES.includes(data.orderStatus);
  const { apply, pendingId } = useProductApply('');
  const openProduct = useOpenProduct(LOAN_MORE_MODULE_ID);

  // Spec 4.9: the rating modal opens by itself when isScore is 1 (once per order shown).
  const [rating, setRating] = useState<'closed' | 'open' | 'thanks'>('closed');
  const autoOpened = useRef<string | null>(null);
  useEffect(() => {
    if (data.isScore === 1 && autoOpened.current !== data.orderId) {
      autoOpened.current = data.orderId;
      setRating('open');
    }
  }, [data.isScore, data.orderId]);

  // 4 or 5 stars go on to the app store's rating sheet; where there is none (a plain browser), the thanks.
  const onRated = (score: number) => setRating(score >= 4 && bridge.goRating() ? 'closed' : 'thanks');

  const recommendations = view.recommendations ? data.recProducts : [];

  return (
    <>
      <Card className="ld-status">
        <StatusImage image={view.image} />
        <h2 className="ld-status__headline">{data.noticeStatusText}</h2>
        {data.noticeDesText && <p className="ld-status__desc">{data.noticeDesText}</p>}
        {late && (
          // The server's overdue notice states the cap (the market's figure); the terms explain it.
          <p className="ld-status__cap" data-testid="late-cap">
            <Link className="ld-link" to="/loanTerms">
              {t('details.lateCap')}
            </Link>
          </p>
        )}
      </Card>

      {arrived && <PaidNote receipt={arrived} />}

      {/* Issue 18 item 2: the loan may still be cancelled (cooling-off period); the server says when. */}
      {view.repay && data.coolingOff && <CoolingOffCard info={data.coolingOff} productId={data.productId} orderId={data.orderId} />}

      {earlyMessage && (
        <p className="ld-notice" id={EARLY_NOTE_ID} data-testid="early-repay">
          <InfoIcon className="ld-notice__icon" />
          <span>{earlyMessage}</span>
        </p>
      )}

      <Card className="ld-card">
        <button type="button" className="ld-product-row" onClick={() => void openProduct(data.productId)}>
          <img className="ld-product-row__logo" src={data.productLogo} alt="" width={40} height={40} decoding="async" />
          <span className="ld-product-row__name">{data.productName}</span>
          <span className="lv-visually-hidden">{`, ${t('common.viewProduct')}`}</span>
          <ChevronRightIcon className="ld-product-row__chevron" />
        </button>
        <DetailRows rows={data.userOrderDetail.detail} columns="fixed" />
        {/* Issue 18: our own loans carry their key facts statement (a partner's loan is the partner's to state). */}
        {data.inside === 1 && data.orderStatus !== 110 && <LoanKeyFacts orderId={data.orderId} productId={data.productId} />}
      </Card>

      {payments.length > 0 && (
        <section className="ld-payments" aria-labelledby={paymentsId} data-testid="payments">
          <h2 id={paymentsId} className="ld-section-title">
            {t('payments.title')}
          </h2>
          <ul className="ld-payment-list">
            {payments.map((r) => (
              <li key={r.id}>
                <ReceiptItem receipt={r} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {recommendations.length > 0 && (
        <section className="ld-recs" aria-labelledby={recId} data-testid="recommendations">
          <h2 id={recId} className="ld-section-title">
            {t('details.recommendations')}
          </h2>
          <ul className="ld-product-list">
            {recommendations.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} showTags={false} busy={pendingId === p.id} onApply={() => void apply(p, i)} />
              </li>
            ))}
          </ul>
          <button type="button" className="ld-more" onClick={() => bridge.goHome()}>
            {t('details.moreProducts')}
            <ChevronRightIcon />
          </button>
        </section>
      )}

      <RatingModal open={rating === 'open'} orderId={data.orderId} onCancel={() => setRating('closed')} onRated={onRated} />
      <ThanksModal open={rating === 'thanks'} onClose={() => setRating('closed')} />
    </>
  );
}

function hasActions(data: LoanDetails): boolean {
  const view = statusView(data.orderStatus, data.isDelay);
  return view.repay || view.loanMore;
}

/** The action buttons by status (spec 4.9), in the sticky footer. */
function LoanActions({ data }: { data: LoanDetails }) {
  const { t } = useTranslation('loanDetails');
  const lang = useLang();
  const navigate = useNavigate();
  const openProduct = useOpenProduct(LOAN_MORE_MODULE_ID);
  const queryClient = useQueryClient();
  const view = statusView(data.orderStatus, data.isDelay);
  const ids = new URLSearchParams({ productId: String(data.productId), orderId: data.orderId });
  const h5 = data.h5Url.trim();
  // Issue 11 item 4: is this an instalment loan whose next instalment can be paid? Then Repay opens /installment.
  const planOptions = instalmentPlanQuery(String(data.productId), data.orderId, lang);
  const plan = useQuery({ ...planOptions, enabled: view.repay && !h5 });
  const byInstalment = repaysByInstalment(plan.data);
  // Spec 9: a full repayment before it is allowed is refused by the server; say so here, before the tap.
  const earlyMessage = data.earlyRepay?.allowed === false ? (data.earlyRepay.message ?? '').trim() : '';
  const blocked = earlyMessage !== '' && !byInstalment && !plan.isPending;

  const repay = async () => {
    if (h5) {
      externalNav.assign(h5);
      return;
    }
    const current = plan.isPending ? await queryClient.fetchQuery(planOptions).catch(() => undefined) : plan.data;
    // navigate returns a promise only under a data router (this app has none): nothing to wait for.
    if (repaysByInstalment(current)) {
      void navigate(`/installment?${ids}`);
      return;
    }
    if (earlyMessage) {
      toast.show(earlyMessage);
      return;
    }
    void navigate(
      `/that?${new URLSearchParams({ productId: String(data.productId), orderId: data.orderId, amount: String(data.amount) })}`,
    );
  };

  const loanMore = () => {
    saveEvent({ productId: data.productId, moduleId: LOAN_MORE_MODULE_ID, positionId: 0 });
    void openProduct(data.productId);
  };

  return (
    <div className="ld-actions" role="group" aria-label={t('details.actions')}>
      {view.repay && (
        <Button
          variant="primary"
          block
          onClick={() => void repay()}
          aria-disabled={blocked || undefined}
          aria-describedby={earlyMessage ? EARLY_NOTE_ID : undefined}
          className={blocked ? 'is-blocked' : undefined}
        >
          {t('details.repay')}
        </Button>
      )}
      {view.delay && (
        <Link className={buttonClassName('ghost', { block: true, className: 'ld-actions__link' })} to={`/repayDelay?${ids}`}>
          {t('details.delay')}
        </Link>
      )}
      {view.loanMore && (
        <Button variant="primary" block onClick={loanMore}>
          {t('details.loanMore')}
        </Button>
      )}
    </div>
  );
}

/** Overdue statuses: under the late notice (which states the late-charge cap), a link to the loan terms. */
const LATE_STATUSES: readonly number[] = [180, 5];
