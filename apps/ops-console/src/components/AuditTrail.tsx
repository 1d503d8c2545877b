import { useTranslation } from 'react-i18next';
import { type AuditEntry, type ItemKind, useAudit } from '../api/console.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { Loading } from './Loading.tsx';

function useDescribe() {
  const { t } = useTranslation('ops_console');
  return (e: AuditEntry): string => {
    const d = e.detail;
    const s = (k: string) => (d[k] === undefined || d[k] === null ? '' : String(d[k]));
    switch (e.action) {
      case 'assign':
        return t('audit.assign', { to: s('to') });
      case 'holiday_add':
        return t('audit.holiday_add', { date: s('date') || e.itemId, name: s('name') });
      case 'holiday_remove':
        return t('audit.holiday_remove', { date: s('date') || e.itemId });
      default:
        return t(`audit.${e.action}`);
    }
  };
}

/** Every action on an item (or on the holidays), oldest first, with who and when. */
export function AuditTrail({ kind, id, title }: { kind: ItemKind | 'holiday'; id: number; title?: string }) {
  const { t } = useTranslation('ops_console');
  const audit = useAudit(kind, id);
  const describe = useDescribe();
  return (
    <section className="lv-card oc-card" aria-labelledby={`oc-audit-${kind}`}>
      <h2 id={`oc-audit-${kind}`} className="lv-card__heading">
        {title ?? t('audit.title')}
      </h2>
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <LoadFailed error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.items.length === 0 ? (
        <p>{t('audit.none')}</p>
      ) : (
        <ol className="oc-audit" data-testid="audit">
          {audit.data.items.map((e) => (
            <li key={e.id} className="oc-audit__entry">
              <span className="oc-audit__what">{describe(e)}</span>
              <span className="oc-muted">{t('audit.entry', { time: e.time, operator: e.operator })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
