import { useTranslation } from 'react-i18next';
import { useLang } from '@lendview/i18n';
import { SiteFrame } from '../components/SiteFrame.tsx';

/** The privacy policy page in the current language (spec 1: isNeedPop=1 is English, anything else Indonesian). */
function privacyPolicySrc(lang: 'en' | 'id'): string {
  return `/privacyPolicy?isNeedPop=${lang === 'en' ? 1 : 0}`;
}

/** `/Policy`: the company's privacy policy page embedded in a frame that fills the screen under the tabs. */
export default function PolicyPage() {
  const { t } = useTranslation('marketing');
  const lang = useLang();
  return (
    <SiteFrame title={t('policyFrame.title')} mainClassName="mk-policy">
      <h1 className="mk-visually-hidden">{t('policyFrame.title')}</h1>
      <iframe className="mk-policy-frame" src={privacyPolicySrc(lang)} title={t('policyFrame.frameTitle')} />
    </SiteFrame>
  );
}
