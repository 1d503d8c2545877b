import { useTranslation } from 'react-i18next';
import { useLang, useMoney } from '@lendview/i18n';
import { InfoPage } from '../components/InfoPage.tsx';
import { LegalDocument } from '../components/LegalDocument.tsx';
import { aboutUsDoc } from '../content/about-us.ts';

/** `/aboutUs`: the company description (spec 2.3). */
export default function AboutUsPage() {
  const { t } = useTranslation('marketing');
  const lang = useLang();
  const money = useMoney();
  return (
    <InfoPage title={t('aboutUs.title')}>
      <LegalDocument doc={aboutUsDoc(lang, money)} toc={false} showTitle={false} />
    </InfoPage>
  );
}
