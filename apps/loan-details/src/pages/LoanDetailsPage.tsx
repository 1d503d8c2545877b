import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';
import { useLang } from '@lendview/i18n';
import { Button, Card, ErrorPanel, Page, buttonClassName } from '@lendview/ui';
import { type LoanDetails, useLoanDetails } from '../api/loan-details.ts';
import { saveEvent } from '../api/event-save.ts';
import { DetailRows } from '../components/DetailRows.tsx';
import { ProductCard } from '../components/ProductCard.tsx';
import { RatingModal, ThanksModal } from '../components/RatingModal.tsx';
import { Skeleton } from '../components/Skeleton.tsx';
import { StatusImage } from '../components/StatusImage.tsx';
import { ChevronRight } from '../components/icons.tsx';
import { externalNav } from '../lib/navigation.ts';
import { LOAN_MORE_MODULE_ID } from '../lib/scene.ts';
import { useProductApply } from '../lib/use-product-apply.ts';
import { useQueryParam } from '../lib/use-query-param.ts';
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

  let body;
  if (data) body = <LoanDetailsBody data={data} />;
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
        <Skeleton width="60%" height={24} still={still} className="ld-skel--center" />
        <Skeleton width="85%" height={18} still={still} className="ld-skel--center" />
        <Skeleton width="70%" height={18} still={still} className="ld-skel--center" />
      </Card>
      <Card className="ld-card">
        <div className="ld-product-row ld-product-row--static">
          <Skeleton width={40} height={40} radius={10} still={still} />
          <Skeleton width="50%" height={20} still={still} />
        </div>
        <div className="ld-rows">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="ld-rows__row">
              <Skeleton width="35%" height={18} still={still} />
              <Skeleton width="30%" height={18} still={still} />
            </div>
          ))}
        </div>
      </Card>
    </>
  );
}

function LoanDetailsBody({ data }: { data: LoanDetails }) {
  const { t } = useTranslation('loanDetails');
  const view = statusView(data.orderStatus, data.isDelay);
  const recId = useId();
  const { apply, pendingId } = useProductApply('');

  // Spec 4.9: the rating modal opens by itself when isScore is 1 (once per order shown).
  const [rating, setRating] = useState<'closed' | 'open' | 'thanks'>('closed');
  const autoOpened = useRef<string | null>(null);
  useEffect(() => {
    if (data.isScore === 1 && autoOpened.current !== data.orderId) {
      autoOpened.current = data.orderId;
      setRating('open');
    }
  }, [data.isScore, data.orderId]);

  const onRated = (score: number) => {
    if (score < 4) setRating('thanks');
    else {
      setRating('closed');
      bridge.goRating();
    }
  };

  const recommendations = view.recommendations ? data.recProducts : [];

  return (
    <>
      <Card className="ld-status">
        <StatusImage image={view.image} />
        <h2 className="ld-status__headline">
          {data.noticeStatusText}
        </h2>
        {data.noticeDesText && <p className="ld-status__desc">{data.noticeDesText}</p>}
      </Card>

      <Card className="ld-card">
        <button
          type="button"
          className="ld-product-row"
          onClick={() => bridge.openPageWithParam('productDetail', data.productId)}
        >
          <img className="ld-product-row__logo" src={data.productLogo} alt="" width={40} height={40} decoding="async" />
          <span className="ld-product-row__name">{data.productName}</span>
          <span className="lv-visually-hidden">{`, ${t('common.viewProduct')}`}</span>
          <ChevronRight className="ld-product-row__chevron" />
        </button>
        <DetailRows rows={data.userOrderDetail.detail} />
      </Card>

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
            <ChevronRight />
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
  const navigate = useNavigate();
  const view = statusView(data.orderStatus, data.isDelay);
  const ids = new URLSearchParams({ productId: String(data.productId), orderId: data.orderId });

  const repay = () => {
    const h5 = data.h5Url.trim();
    if (h5) externalNav.assign(h5);
    else navigate(`/that?${new URLSearchParams({ productId: String(data.productId), orderId: data.orderId, amount: String(data.amount) })}`);
  };

  const loanMore = () => {
    saveEvent({ productId: data.productId, moduleId: LOAN_MORE_MODULE_ID, positionId: 0 });
    bridge.openPageWithParam('productDetail', data.productId);
  };

  return (
    <div className="ld-actions" role="group" aria-label={t('details.actions')}>
      {view.repay && (
        <Button variant="primary" block onClick={repay}>
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
