import { useTranslation } from 'react-i18next';
import { SiteFrame } from '../components/SiteFrame.tsx';

/** `/User`: empty by design (spec 2.2); the heading is for screen readers only. */
export default function UserPage() {
  const { t } = useTranslation('marketing');
  return (
    <SiteFrame title={t('user.title')} mainClassName="mk-user">
      <h1 className="mk-visually-hidden">{t('user.title')}</h1>
    </SiteFrame>
  );
}
