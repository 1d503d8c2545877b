import { useTranslation } from 'react-i18next';
import type { QueueItem } from '../api/console.ts';

/** Overdue first (the promise is broken), then the state. */
export function ItemBadges({ item }: { item: Pick<QueueItem, 'kind' | 'state' | 'overdue'> }) {
  const { t } = useTranslation('ops_console');
  const state = item.kind === 'contact' ? (item.state === 'processing' ? 'open' : 'closed') : item.state;
  return (
    <span className="oc-badges">
      {item.overdue && <span className="oc-badge oc-badge--overdue">{t('overdue')}</span>}
      <span className={`oc-badge oc-badge--${item.state}`}>{t(`state.${state}`)}</span>
    </span>
  );
}
