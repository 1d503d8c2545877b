import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StandProduct } from '@lendview/contracts';
import { isSuccess } from '@lendview/api-client';
import { useLang } from '@lendview/i18n';
import { Card, ErrorPanel, Page, toast, Skeleton, useQueryParam } from '@lendview/ui';
import { postStandJoint } from '../api/stand-joint.ts';
import { postStandNecessity } from '../api/stand-necessity.ts';
import { useStandTargeted } from '../api/stand-targeted.ts';
import { ProductCardFrame } from '../components/ProductCard.tsx';
import { openProductUrl } from '../lib/navigation.ts';
import failedImage from '../assets/joint-failed.svg';
import '../styles/common.css';
import '../styles/relevant.css';

/** Stand calls (spec 7.5): payload status 0 is ok; otherwise the payload's message is shown as a toast. */
function standOk(payload: { status: number; message: string } | null | undefined): boolean {
  if (payload && payload.status === 0) return true;
  if (payload?.message) toast.show(payload.message);
  return false;
}

/**
 * `/error?reason`: joint-login failure (spec 2.5): a status image, the error message, a notice and products
 * to try instead. A tap records necessity (productId, positionId), then asks joint for the link and opens it.
 */
export default function ErrorPage() {
  const { t } = useTranslation('loanDetails');
  const lang = useLang();
  const reason = useQueryParam('reason');
  const query = useStandTargeted(reason, lang, t('error.loading'));
  const data = query.data;
  const [pendingId, setPendingId] = useState<number | null>(null);
  const running = useRef(false);

  // The targeted payload's own status: not 0 → its message as a toast (once per answer).
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (data && reported.current !== data) {
      reported.current = data;
      standOk(data);
    }
  }, [data]);

  const open = async (product: StandProduct, index: number) => {
    if (product.buttonStatus !== 1 || running.current) return;
    running.current = true;
    setPendingId(product.productId);
    try {
      const necessity = await postStandNecessity({ productId: product.productId, positionId: index }, { loadingText: t('common.opening') });
      if (!isSuccess(necessity) || !standOk(necessity.data)) return;
      const joint = await postStandJoint({ productId: product.productId }, { loadingText: t('common.opening') });
      if (!isSuccess(joint) || !standOk(joint.data)) return;
      if (joint.data) openProductUrl(joint.data.url);
    } catch {
      toast.show(t('error', { ns: 'common' }));
    } finally {
      running.current = false;
      setPendingId(null);
    }
  };

  let body;
  if (data) {
    body = (
      <>
        <Card className="ld-status">
          <img className="ld-status__image" src={failedImage} alt="" width={160} height={120} data-testid="joint-failed-image" />
          {data.errorMessage && <h2 className="ld-status__headline">{data.errorMessage}</h2>}
          {data.notice && <p className="ld-status__desc">{data.notice}</p>}
        </Card>
        {data.products.length > 0 && (
          <section className="ld-recs" aria-labelledby="ld-error-products">
            <h2 id="ld-error-products" className="ld-section-title">
              {t('error.products')}
            </h2>
            <ul className="ld-product-list">
              {data.products.map((p, i) => (
                <li key={p.productId}>
                  <StandProductCard product={p} busy={pendingId === p.productId} onOpen={() => void open(p, i)} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    );
  } else if (query.isError) {
    body = <ErrorPanel message={t('error.loadFailed')} onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <Card className="ld-status" aria-hidden="true">
        <Skeleton width={160} height={120} radius={16} className="ld-status__image" />
        <Skeleton width="60%" height={24} align="center" />
        <Skeleton width="85%" height={18} align="center" />
      </Card>
    );
  }

  return (
    <Page title={t('error.title')} className="ld-page">
      <div className="ld-stack" aria-busy={query.isPending || undefined}>
        {body}
      </div>
    </Page>
  );
}

/** A product of the joint-login failure list: logo, title, rate, description, button (buttonStatus 0 greyed). */
function StandProductCard({ product, busy, onOpen }: { product: StandProduct; busy: boolean; onOpen: () => void }) {
  const { t } = useTranslation('loanDetails');
  return (
    <ProductCardFrame
      logo={product.logo}
      name={product.title}
      buttonText={product.buttonText}
      active={product.buttonStatus === 1}
      busy={busy}
      onApply={onOpen}
      testId="stand-product"
    >
      {product.rate && (
        <dl className="ld-product-card__facts">
          <div className="ld-product-card__fact">
            <dt>{t('common.rate')}</dt>
            <dd>{product.rate}</dd>
          </div>
        </dl>
      )}
      {product.description && <p className="ld-product-card__desc">{product.description}</p>}
    </ProductCardFrame>
  );
}
