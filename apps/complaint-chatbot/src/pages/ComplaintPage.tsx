import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '@lendview/i18n';
import { Card, ErrorPanel, Page, toast, Skeleton, ChevronDownIcon, ChevronRightIcon } from '@lendview/ui';
import { type ProblemInit, useProblemInit } from '../api/problem-init.ts';
import { GrievanceOfficerSection } from '../components/GrievanceOfficerCard.tsx';
import { MyComplaintsLink } from '../components/MyComplaintsLink.tsx';
import { OrderSection, OrderSectionPlaceholder } from '../components/OrderSection.tsx';
import { COLLECTION_TYPE } from '../lib/limits.ts';
import { formUrl } from '../lib/routes.ts';
import { useSelectedOrder } from '../lib/query-params.ts';
import headerImage from '../assets/complaint-header.svg';
import '../styles/common.css';

/**
 * `/complaint?orderNo`: the complaint entry (spec 2.4, 4.1). Header image, 'My complaints', the selected order
 * with the 'All' picker, and the question types. Collection (type 1) opens its sub-types first and needs an
 * order whose isShow is 1; every other type goes straight to the form.
 */
export default function ComplaintPage() {
  const { t } = useTranslation('complaint');
  const lang = useLang();
  const [orderNo, pickOrder] = useSelectedOrder();
  const query = useProblemInit(orderNo, lang);

  let body;
  if (query.data) body = <EntryBody data={query.data} fallbackOrderNo={orderNo} onPickOrder={pickOrder} />;
  else if (query.isError) body = <ErrorPanel message={t('common.loadFailed')} onRetry={() => void query.refetch()} />;
  else body = <EntryPlaceholder />;

  return (
    <Page
      title={t('entry.title')}
      className="cc-page"
      header={
        <div className="cc-hero">
          <div className="cc-hero__text">
            <h1 className="lv-page__title">{t('entry.title')}</h1>
            <p className="cc-hero__intro">{t('entry.intro')}</p>
          </div>
          <img className="cc-hero__image" src={headerImage} alt="" width={112} height={96} />
        </div>
      }
    >
      <div className="cc-stack" aria-busy={query.isPending || undefined}>
        <MyComplaintsLink />
        {body}
      </div>
    </Page>
  );
}

function EntryBody({
  data,
  fallbackOrderNo,
  onPickOrder,
}: {
  data: ProblemInit;
  fallbackOrderNo: string;
  onPickOrder: (orderNo: string) => void;
}) {
  const { t } = useTranslation('complaint');
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const subListId = useId();
  const order = data.orderDetail;
  const orderNo = order?.orderNo ?? fallbackOrderNo;

  const choose = (value: number) => {
    if (value !== COLLECTION_TYPE) {
      void navigate(formUrl(orderNo, value, 0));
      return;
    }
    // Spec 5: collection needs an order that allows it (isShow 1).
    if (order?.isShow !== 1) {
      toast.show(t('entry.collectionNotSupported'));
      return;
    }
    if (data.problemSonType.length === 0) void navigate(formUrl(orderNo, value, 0));
    else setExpanded((e) => !e);
  };

  return (
    <>
      <OrderSection order={order} orders={data.orderList} onPick={onPickOrder} />
      <section className="cc-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="cc-section__title">
          {t('entry.typesTitle')}
        </h2>
        <Card className="cc-list-card">
          <ul className="cc-types">
            {data.problemType.map((type) => {
              const isCollection = type.value === COLLECTION_TYPE;
              const open = isCollection && expanded;
              return (
                <li key={type.value}>
                  <button
                    type="button"
                    className="cc-type"
                    onClick={() => choose(type.value)}
                    aria-expanded={isCollection && data.problemSonType.length > 0 && order?.isShow === 1 ? open : undefined}
                    aria-controls={open ? subListId : undefined}
                  >
                    <span className="cc-type__title">{type.title}</span>
                    {open ? <ChevronDownIcon className="cc-type__chevron" /> : <ChevronRightIcon className="cc-type__chevron" />}
                  </button>
                  {open && (
                    <div id={subListId} className="cc-subtypes">
                      <p className="cc-subtypes__title">{t('entry.subTypesTitle')}</p>
                      <ul>
                        {data.problemSonType.map((son) => (
                          <li key={son.value}>
                            <button
                              type="button"
                              className="cc-type cc-type--sub"
                              onClick={() => void navigate(formUrl(orderNo, type.value, son.value))}
                            >
                              <span className="cc-type__title">{son.title}</span>
                              <ChevronRightIcon className="cc-type__chevron" />
                            </button>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      </section>
      <GrievanceOfficerSection />
    </>
  );
}

function EntryPlaceholder() {
  return (
    <>
      <OrderSectionPlaceholder />
      <div className="cc-section" aria-hidden="true">
        <Skeleton width="55%" height={20} />
        <Card className="cc-list-card">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="cc-type cc-type--placeholder">
              <Skeleton width="50%" height={18} />
            </div>
          ))}
        </Card>
      </div>
    </>
  );
}
