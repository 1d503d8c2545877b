import { type ReactNode, useState } from 'react';
import type { Lang } from '@lendview/i18n';
import type { LandingConfig } from '../api/channel-template.ts';
import { pick } from '../lib/text.ts';
import { Brand } from './Brand.tsx';
import { themeStyle } from './theme.ts';
import '../styles/landing.css';

export interface LandingViewProps {
  config: LandingConfig;
  lang: Lang;
  /** The registration form (live on /promo, inert in the editor's preview). */
  form: ReactNode;
}

function CheckIcon() {
  return (
    <svg className="pr-highlights__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.18" />
      <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The landing page of a template: brand, headline, selling points, hero image and the form on a card, in the
 * template's colours. The same component renders the visitor's page and the editor's live preview. Every
 * template text is rendered as text (a template never carries markup).
 */
export function LandingView({ config, lang, form }: LandingViewProps) {
  const [heroBroken, setHeroBroken] = useState<string | null>(null);
  const subheadline = pick(config.subheadline, lang);
  const highlights = config.highlights.map((h) => pick(h, lang)).filter(Boolean);
  const hero = config.heroImage !== '' && heroBroken !== config.heroImage ? config.heroImage : null;
  return (
    <div className="pr-landing" style={themeStyle(config.theme)}>
      <div className="pr-landing__inner">
        <header className="pr-hero">
          <Brand logo={config.logo} appName={config.appName} />
          <h1 className="pr-hero__headline">{pick(config.headline, lang)}</h1>
          {subheadline && <p className="pr-hero__sub">{subheadline}</p>}
          {highlights.length > 0 && (
            <ul className="pr-highlights">
              {highlights.map((text, i) => (
                <li key={i}>
                  <CheckIcon />
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          )}
          {hero ? (
            // A fixed 16:9 box: the page does not move when the image arrives (CLS budget).
            <div className="pr-hero__media">
              <img src={hero} alt="" width={640} height={360} decoding="async" onError={() => setHeroBroken(hero)} />
            </div>
          ) : (
            <div className="pr-hero__shapes" aria-hidden="true" />
          )}
        </header>
        <section className="pr-card">{form}</section>
      </div>
    </div>
  );
}
