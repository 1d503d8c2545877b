import { Link, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@lendview/i18n';
import type { LandingConfig } from '../api/channel-template.ts';
import type { ClientType } from '../lib/promo-query.ts';
import { pick } from '../lib/text.ts';
import { Brand } from './Brand.tsx';
import { themeStyle } from './theme.ts';
import '../styles/landing.css';

export interface DownloadViewProps {
  config: LandingConfig;
  lang: Lang;
  client: ClientType;
  backTo: To;
}

/**
 * #/downloadTemplate (spec 2.6): app name, the template's download headline, and the two store links with the
 * visitor's platform first (Android first only for Android; iPhone first otherwise).
 */
export function DownloadView({ config, lang, client, backTo }: DownloadViewProps) {
  const { t } = useTranslation('promotion_registration');
  const buttonText = pick(config.download.buttonText, lang);
  const ios = { key: 'ios', href: config.download.iosUrl, platform: t('download.forIos') };
  const android = { key: 'android', href: config.download.androidUrl, platform: t('download.forAndroid') };
  const [first, second] = client === 'android' ? [android, ios] : [ios, android];
  return (
    <div className="pr-landing pr-download" style={themeStyle(config.theme)}>
      <div className="pr-landing__inner">
        <header className="pr-hero">
          <Brand logo={config.logo} appName={config.appName} />
          <h1 className="pr-hero__headline">{pick(config.download.headline, lang)}</h1>
          <p className="pr-hero__sub">{t('download.loginHint')}</p>
        </header>
        <section className="pr-card pr-download__card" aria-label={t('download.title')}>
          <a className="lv-button lv-button--primary lv-button--block pr-apply pr-download__primary" href={first.href} rel="noopener">
            <span className="lv-button__label">
              {buttonText}
              <span className="pr-download__platform">{first.platform}</span>
            </span>
          </a>
          <a className="pr-link pr-download__other" href={second.href} rel="noopener">
            {t('download.otherPlatform', { platform: second.platform })}
          </a>
          <Link to={backTo} className="pr-link pr-download__back">
            {t('download.back')}
          </Link>
        </section>
      </div>
    </div>
  );
}
