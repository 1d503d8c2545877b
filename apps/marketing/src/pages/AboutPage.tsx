import { useTranslation } from 'react-i18next';
import { SiteFrame } from '../components/SiteFrame.tsx';
import missionUrl from '../assets/about-mission.svg';
import teamUrl from '../assets/about-team.svg';
import promiseUrl from '../assets/about-promise.svg';
import '../styles/about.css';

/** The three images of /About, top to bottom. Copy: `about.<key>` in src/i18n. */
const IMAGES = [
  { key: 'mission', src: missionUrl },
  { key: 'team', src: teamUrl },
  { key: 'promise', src: promiseUrl },
] as const;

/** `/About`: three images with captions. */
export default function AboutPage() {
  const { t } = useTranslation('marketing');
  return (
    <SiteFrame title={t('about.title')} mainClassName="mk-about">
      <h1 className="mk-page-title">{t('about.title')}</h1>
      <p className="mk-lead">{t('about.intro')}</p>
      {IMAGES.map(({ key, src }, index) => (
        <figure key={key} className="mk-about-figure">
          <img src={src} width={320} height={200} alt={t(`about.${key}.alt`)} decoding="async" loading={index === 0 ? 'eager' : 'lazy'} />
          <figcaption>{t(`about.${key}.caption`)}</figcaption>
        </figure>
      ))}
    </SiteFrame>
  );
}
