import { useTranslation } from 'react-i18next';
import { bridge } from '@lendview/bridge';
import { useLang } from '@lendview/i18n';
import { Button, Card, EmptyState, ErrorPanel, Page, Skeleton, useQueryParam } from '@lendview/ui';
import { useRecommendProducts } from '../api/recommend-product-list.ts';
import { ProductCard } from '../components/ProductCard.tsx';
import { useProductApply } from '../lib/use-product-apply.ts';
import emptyImage from '../assets/empty-products.svg';
import '../styles/common.css';
import '../styles/relevant.css';

/** Tags only for the first two products of the list (spec 2.5 / 9). */
export const TAGGED_ITEMS = 2;

/**
 * `/relevant?scene`: recommended products (spec 2.5, 7.5). A tap records the click and applies; the scene
 * decides the moduleId. An empty list says the day's applications are full, with a way back home.
 */
export default function RelevantPage() {
  const { t } = useTranslation('loanDetails');
  const lang = useLang();
  const scene = useQueryParam('scene');
  const query = useRecommendProducts(scene, lang, t('relevant.loading'));
  const { apply, pendingId } = useProductApply(scene);

  let body;
  if (query.data && query.data.length > 0) {
    body = (
      <ul className="ld-product-list" aria-label={t('relevant.list')}>
        {query.data.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} showTags={i < TAGGED_ITEMS} busy={pendingId === p.id} onApply={() => void apply(p, i)} />
          </li>
        ))}
      </ul>
    );
  } else if (query.data) {
    body = (
      <EmptyState
        className="ld-empty"
        image={<img className="lv-empty__image ld-empty__image" src={emptyImage} alt="" width={160} height={120} />}
        title={t('relevant.empty')}
        action={
          <Button variant="primary" onClick={() => bridge.goHome()}>
            {t('relevant.backHome')}
          </Button>
        }
      />
    );
  } else if (query.isError) {
    body = <ErrorPanel message={t('relevant.loadFailed')} onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <div className="ld-product-list" aria-hidden="true" data-testid="products-placeholder">
        {['a', 'b', 'c'].map((k) => (
          <div key={`placeholder-${k}`}>
            <Card className="ld-product-card ld-product-card--placeholder">
              <div className="ld-product-card__head">
                <Skeleton width={44} height={44} radius={12} />
                <Skeleton width="45%" height={20} />
                <Skeleton width={96} height={44} radius={999} align="end" />
              </div>
              <Skeleton height={62} />
              <Skeleton width="85%" height={18} />
            </Card>
          </div>
        ))}
      </div>
    );
  }

  return (
    <Page title={t('relevant.title')} className="ld-page">
      <div className="ld-stack" aria-busy={query.isPending || undefined}>
        {body}
      </div>
    </Page>
  );
}
