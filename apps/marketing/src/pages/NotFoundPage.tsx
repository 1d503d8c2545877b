import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@lendview/ui';
import { InfoPage } from '../components/InfoPage.tsx';

/** Any path the marketing remote receives but does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation('marketing');
  return (
    <InfoPage title={t('notFound.title')} className="mk-not-found">
      <p className="mk-lead">{t('notFound.text')}</p>
      <Link className={buttonClassName('secondary', { block: true })} to="/">
        {t('common.backHome')}
      </Link>
    </InfoPage>
  );
}
