import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '@lendview/api-client';
import { localDateTime } from './local-time.ts';
import { ErrorPanel, Spinner } from '@lendview/ui';
import { type OpsTemplateSummary, useOpsTemplateList } from './api/ops-template-list.ts';
import { useOpsGate } from './gate-context.ts';
import { OpsBar, OpsGate } from './OpsGate.tsx';
import { editPath } from './paths.ts';

function State({ item }: { item: OpsTemplateSummary }) {
  const { t } = useTranslation('promotion_registration');
  if (!item.published) return <span className="ops-badge ops-badge--draft">{t('ops.list.draftOnly')}</span>;
  return (
    <span className="ops-states">
      <span className="ops-badge ops-badge--live">{t('ops.list.published')}</span>
      {item.hasUnpublishedChanges && <span className="ops-badge ops-badge--changes">{t('ops.list.changes')}</span>}
    </span>
  );
}

function TemplateList() {
  const { t } = useTranslation('promotion_registration');
  const { handleAuthError } = useOpsGate();
  const list = useOpsTemplateList(true);
  useEffect(() => {
    if (list.error) handleAuthError(list.error);
  }, [list.error, handleAuthError]);
  useEffect(() => {
    document.title = t('ops.list.title');
  }, [t]);

  let body;
  if (list.isPending) body = <Spinner label={t('landing.loading')} />;
  else if (list.isError)
    body = (
      <ErrorPanel
        message={isNetworkError(list.error) ? t('ops.networkError') : list.error.message || t('ops.loadFailed')}
        onRetry={() => void list.refetch()}
        retryLabel={t('ops.retry')}
      />
    );
  else if (list.data.items.length === 0) body = <p className="ops-muted">{t('ops.list.empty')}</p>;
  else
    body = (
      <table className="ops-table">
        <thead>
          <tr>
            <th scope="col">{t('ops.list.name')}</th>
            <th scope="col">{t('ops.list.state')}</th>
            <th scope="col">{t('ops.list.updated')}</th>
            <th scope="col">{t('ops.list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.items.map((item) => (
            <tr key={item.id}>
              <td>
                <span className="ops-table__name">{item.name}</span>
                <span className="ops-muted"> #{item.id}</span>
              </td>
              <td>
                <State item={item} />
              </td>
              <td>
                {localDateTime(item.updatedAt)}
                {item.updatedBy && <span className="ops-muted"> {t('ops.list.by', { who: item.updatedBy })}</span>}
              </td>
              <td className="ops-table__actions">
                <Link className="ops-action" to={editPath(item.id)} aria-label={t('ops.list.editLabel', { name: item.name })}>
                  {t('ops.list.edit')}
                </Link>
                {item.published && (
                  <a
                    className="ops-action"
                    href={`/promo?templateId=${item.id}`}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('ops.list.viewLabel', { name: item.name })}
                  >
                    {t('ops.list.view')}
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <div className="ops-page">
      <OpsBar />
      <main className="ops-main">
        <div className="ops-head">
          <h1 className="ops-title">{t('ops.list.title')}</h1>
          <Link className="lv-button lv-button--primary ops-create" to={editPath(null)}>
            <span className="lv-button__label">{t('ops.list.create')}</span>
          </Link>
        </div>
        {body}
      </main>
    </div>
  );
}

/** /ops/templates: the marketing team's list of landing templates. */
export default function OpsListPage() {
  return (
    <OpsGate>
      <TemplateList />
    </OpsGate>
  );
}
