import { Link, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@lendview/i18n';
import { Page } from '@lendview/ui';
import type { LandingConfig } from '../api/channel-template.ts';
import { paragraphs, pick } from '../lib/text.ts';
import { themeStyle } from './theme.ts';
import '../styles/landing.css';

/** #/agreementTemplate (spec 2.6): the template's agreement title and body as plain-text paragraphs. */
export function AgreementView({ config, lang, backTo }: { config: LandingConfig; lang: Lang; backTo: To }) {
  const { t } = useTranslation('promotion_registration');
  return (
    <div style={themeStyle(config.theme)}>
      <Page title={pick(config.agreementTitle, lang)} className="pr-agreement-page">
        <article className="pr-agreement-body">
          {paragraphs(pick(config.agreementBody, lang)).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </article>
        <Link to={backTo} className="pr-link pr-agreement-back">
          {t('agreement.back')}
        </Link>
      </Page>
    </div>
  );
}
