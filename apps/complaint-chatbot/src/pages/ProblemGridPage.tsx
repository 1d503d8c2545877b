import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '@lendview/i18n';
import { EmptyState, ErrorPanel, Page, Skeleton } from '@lendview/ui';
import { type ProblemInitV3, useProblemInitV3 } from '../api/problem-init-v3.ts';
import { MyComplaintsLink } from '../components/MyComplaintsLink.tsx';
import { OrderSection, OrderSectionPlaceholder } from '../components/OrderSection.tsx';
import { TopicIcon } from '../components/icons.tsx';
import { chatUrl } from '../lib/routes.ts';
import { useSelectedOrder } from '../lib/query-params.ts';
import '../styles/common.css';

/**
 * `/complainNewPage?orderNo`: the order card with the All / Semua picker and the grid of problem types (the QA
 * categories, newer variant of problem-init). A type opens the chatbot on that category
 * (`selectedIndex` = its position in the grid).
 */
export default function ProblemGridPage() {
  const { t } = useTranslation('complaint');
  const lang = useLang();
  const [orderNo, pickOrder] = useSelectedOrder();
  const query = useProblemInitV3(orderNo, lang);

  let body;
  if (query.data) body = <GridBody data={query.data} fallbackOrderNo={orderNo} onPickOrder={pickOrder} />;
  else if (query.isError) body = <ErrorPanel message={t('common.loadFailed')} onRetry={() => void query.refetch()} />;
  else body = <GridPlaceholder />;

  return (
    <Page title={t('grid.title')} className="cc-page">
      <div className="cc-stack" aria-busy={query.isPending || undefined}>
        <MyComplaintsLink open={query.data?.problemStatus} />
        {body}
      </div>
    </Page>
  );
}

function GridBody({
  data,
  fallbackOrderNo,
  onPickOrder,
}: {
  data: ProblemInitV3;
  fallbackOrderNo: string;
  onPickOrder: (orderNo: string) => void;
}) {
  const { t } = useTranslation('complaint');
  const navigate = useNavigate();
  const headingId = useId();
  const orderNo = data.orderDetail?.orderNo ?? fallbackOrderNo;
  return (
    <>
      <OrderSection order={data.orderDetail} orders={data.orderList} onPick={onPickOrder} />
      <section className="cc-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="cc-section__title">
          {t('grid.typesTitle')}
        </h2>
        {data.problemType.length === 0 ? (
          <EmptyState title={t('grid.noTypes')} />
        ) : (
          <ul className="cc-grid">
            {data.problemType.map((type, index) => (
              <li key={type.id}>
                <button type="button" className="cc-tile" onClick={() => void navigate(chatUrl(index, orderNo))}>
                  <TopicIcon index={index} className="cc-tile__icon" />
                  <span className="cc-tile__title">{type.title_local}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function GridPlaceholder() {
  return (
    <>
      <OrderSectionPlaceholder />
      <div className="cc-section" aria-hidden="true">
        <Skeleton width="35%" height={20} />
        <div className="cc-grid">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="cc-tile cc-tile--placeholder">
              <Skeleton width={28} height={28} radius={8} />
              <Skeleton width="70%" height={18} />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
