import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecommendedProduct } from '@lendview/contracts';
import { Button, cx } from '@lendview/ui';
import { useMoney } from '@lendview/i18n';
import { isClickable } from '../lib/use-product-apply.ts';

export interface ProductCardProps {
  product: RecommendedProduct;
  /** Tags are shown for the first two products of a list only (spec 2.5 / 9). */
  showTags: boolean;
  onApply: () => void;
  busy?: boolean;
}

/**
 * A recommended product (spec 2.5): logo, name, rate, amount range and its label, description, tags, and the
 * button. buttonStatus 0 (or globally 0) greys the card out and ignores taps anyw/**
 * The frame every product card shares (recommended products and the joint-login failure list): logo, name and
 * the button on top, the rest below. An inactive card is greyed out and ignores taps anywhere on it.
 */
export function ProductCardFrame(props: {
  logo: string;
  name: string;
  buttonText: string;
  active: boolean;
  busy: boolean;
  onApply: () => void;
  testId: string;
  children?: ReactNode;
}) {
  const { logo, name, buttonText, active, busy, onApply, testId, children } = props;
  const nameId = useId();
  return (
    <article
      className={cx('ld-product-card', !active && 'is-disabled')}
      aria-labelledby={nameId}
      data-testid={testId}
      onClick={active ? onApply : undefined}
    >
      <div className="ld-product-card__head">
        <img className="ld-product-card__logo" src={logo} alt="" width={44} height={44} decoding="async" />
        <h3 id={nameId} className="ld-product-card__name">
          {name}
        </h3>
        <Button
          variant="primary"
          className="ld-product-card__button"
          disabled={!active}
          loading={busy}
          aria-describedby={nameId}
          onClick={(e) => {
            // The card handles the tap (a tap anywhere on it applies); keep it to one call.
            e.stopPropagation();
            if (active) onApply();
          }}
        >
          {buttonText}
        </Button>
      </div>
      {children}
    </article>
  );
}

export function ProductCard({ product, showTags, onApply, busy = false }: ProductCardProps) {
  const { t } = useTranslation('loanDetails');
  const money = useMoney();
  const tags = showTags ? product.productTags.filter((tag) => tag.trim() !== '') : [];

  return (
    <ProductCardFrame
      logo={product.productLogo}
      name={product.productName}
      buttonText={product.buttonText}
      active={isClickable(product)}
      busy={busy}
      onApply={onApply}
      testId="product-card"
    >
      {tags.length > 0 && (
        <ul className="ld-tags" aria-label={t('common.tags')}>
          {tags.map((tag) => (
            <li key={tag} className="ld-tag">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <dl className="ld-product-card__facts">
        <div className="ld-product-card__fact ld-product-card__fact--amount">
          <dt>{product.amountRangeDes || t('common.amount')}</dt>
          <dd>
            <span className="ld-nowrap">{money(product.amountMin)}</span> – <span className="ld-nowrap">{money(product.amountMax)}</span>
          </dd>
        </div>
        {product.loan_rate && (
          <div className="ld-product-card__fact">
            <dt>{t('common.rate')}</dt>
            <dd>{product.loan_rate}</dd>
          </div>
        )}
      </dl>
      {product.productDesc && <p className="ld-product-card__desc">{product.productDesc}</p>}
    </ProductCardFrame>
  );
}
