import { useTranslation } from 'react-i18next';
import { Button } from '@lendview/ui';

/** Previous / Page x of y / Next; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('ops_console');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="oc-pager" aria-label={t('page.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('page.previous')}
      </Button>
      <span className="oc-pager__at" aria-live="polite">
        {t('page.of', { page, pages })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('page.next')}
      </Button>
    </nav>
  );
}
