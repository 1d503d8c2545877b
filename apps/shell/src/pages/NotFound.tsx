import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, Page } from '@lendview/ui';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <Page title={t('notFoundTitle')}>
      <EmptyState
        title={t('notFoundTitle')}
        description={t('notFoundText')}
        action={
          <Link className="lv-button lv-button--primary" to="/">
            {t('backHome')}
          </Link>
        }
      />
    </Page>
  );
}
