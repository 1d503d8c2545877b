import { useTranslation } from 'react-i18next';
import type { QueueItem } from '../api/console.ts';

/**
 * Overdue first (the promise is broken), then Escalated (the borrower is now shown how to go to the grievance officer
 * and the regulator: the API's `escalated`, issue 18), then the state.
 */
export function ItemBadges({ item }: { item: Pick<QueueItem, 'kind' | 'state' | 'overdue' | 'escalated'> }) {
  const { t } = useTranslation('ops_console');
  const state = item.kind === 'contact' ? (item.state === 'processing' ? 'open' : 'closed') : item.state;
  return (
    <span className="oc-badges">
      {item.overdue && <span className="oc-badge oc-badge--overdue">{t('overdue')}</span>}
      {item.escalated && <span className="oc-badge oc-badge--escalated">{t('escalated')}</span>}
      <span className={`oc-badge oc-badge--${item.state}`}>{t(`state.${state}`)}</span>
    </span>
  );
}
