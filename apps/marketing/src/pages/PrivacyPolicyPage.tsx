import { useTranslation } from 'react-i18next';
import { useLang } from '@lendview/i18n';
import { InfoPage } from '../components/InfoPage.tsx';
import { LegalDocument } from '../components/LegalDocument.tsx';
import { privacyPolicyDoc } from '../content/privacy-policy.ts';

/** `/privacyPolicy`: the privacy policy (spec 2.3); also shown inside the /Policy frame. */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation('marketing');
  const lang = useLang();
  return (
    <InfoPage title={t('privacy.title')}>
      <LegalDocument doc={privacyPolicyDoc(lang)} showTitle={false} />
    </InfoPage>
  );
}
