import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderCard } from '@lendview/contracts';
import { Card, Modal, Skeleton, CheckMarkIcon, ChevronRightIcon } from '@lendview/ui';
import { statusKey, statusTone } from '../lib/order-status.ts';

function StatusChip({ status }: { status: number }) {
  const { t } = useTranslation('complaint');
  const key = statusKey(status);
  if (!key) return null;
  return <span className={`cc-chip cc-chip--${statusTone(status)}`}>{t(key)}</span>;
}

/** Product logo, name, order number and status of one order. */
function OrderHead({ order }: { order: OrderCard }) {
  const { t } = useTranslation('complaint');
  return (
    <div className="cc-order__head">
      <img className="cc-order__logo" src={order.productLogo} alt="" width={40} height={40} decoding="async" />
      <div className="cc-order__names">
        <span className="cc-order__name">{order.productName}</span>
        <span className="cc-order__meta">
          <span className="cc-order__no">{t('order.orderNo', { orderNo: order.orderNo })}</span>
          <StatusChip status={order.status} />
        </span>
      </div>
    </div>
  );
}

/**
 * The selected order (spec 3 "Order card": logo, name, status, title/value rows) with the 'All' / 'Semua'
 * button that opens the order picker, a bottom sheet listing orderList. Picking an order calls onPick.
 */
export function OrderSection({
  order,
  orders,
  onPick,
}: {
  order: OrderCard | null;
  orders: OrderCard[];
  onPick: (orderNo: string) => void;
}) {
  const { t } = useTranslation('complaint');
  const [open, setOpen] = useState(false);
  const headingId = useId();

  const pick = (orderNo: string) => {
    setOpen(false);
    if (orderNo !== order?.orderNo) onPick(orderNo);
  };

  return (
    <section className="cc-section" aria-labelledby={headingId}>
      <div className="cc-section__top">
        <h2 id={headingId} className="cc-section__title">
          {t('order.heading')}
        </h2>
        {orders.length > 0 && (
          <button
            type="button"
            className="cc-link-button"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
            aria-label={`${t('order.all')}${t('order.allHint')}`}
          >
            {t('order.all')}
            <ChevronRightIcon />
          </button>
        )}
      </div>
      <Card className="cc-order" data-testid="order-card">
        {order ? (
          <>
            <OrderHead order={order} />
            {order.list.length > 0 && (
              <dl className="lv-rows lv-rows--fixed cc-rows">
                {order.list.map((row, i) => (
                  <div key={`${row.title}-${i}`} className="lv-rows__row">
                    <dt>{row.title}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        ) : (
          <div className="cc-order__none">
            <p className="cc-order__none-title">{t('order.none')}</p>
            <p className="cc-muted">{t('order.noneHint')}</p>
          </div>
        )}
      </Card>

      <Modal open={open} title={t('order.pickerTitle')} placement="bottom" onClose={() => setOpen(false)} showClose>
        <ul className="cc-picker" data-testid="order-picker">
          {orders.map((o) => {
            const selected = o.orderNo === order?.orderNo;
            return (
              <li key={o.orderNo}>
                <button
                  type="button"
                  className={`cc-picker__item${selected ? ' is-selected' : ''}`}
                  aria-current={selected || undefined}
                  onClick={() => pick(o.orderNo)}
                >
                  <OrderHead order={o} />
                  {selected && <CheckMarkIcon width={18} height={18} className="cc-picker__check" />}
                </button>
              </li>
            );
          })}
        </ul>
      </Modal>
    </section>
  );
}

/** Same size as a loaded order section with two rows. */
export function OrderSectionPlaceholder() {
  return (
    <div className="cc-section" aria-hidden="true" data-testid="order-placeholder">
      <div className="cc-section__top">
        <Skeleton width={64} height={20} />
      </div>
      <Card className="cc-order">
        <div className="cc-order__head">
          <Skeleton width={40} height={40} radius={10} />
          <div className="cc-order__names">
            <Skeleton width="60%" height={18} />
            <Skeleton width="45%" height={14} />
          </div>
        </div>
        <div className="lv-rows lv-rows--fixed cc-rows">
          {[0, 1].map((i) => (
            <div key={i} className="lv-rows__row">
              <Skeleton width="35%" height={16} />
              <Skeleton width="30%" height={16} />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
