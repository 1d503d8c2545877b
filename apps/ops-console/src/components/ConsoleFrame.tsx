import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LANGS, useLang } from '@lendview/i18n';
import { Button } from '@lendview/ui';
import { chooseLang } from '../lib/operator-lang.ts';
import { FUNDS_PATH, HOLIDAYS_PATH, QUEUE_PATH, RELEASES_PATH } from '../lib/paths.ts';
import { ChangePassword } from './ChangePassword.tsx';
import { useConsoleSession } from './session-context.ts';

/** The console's frame: brand, sections, language, who is signed in; the screen's h1 and content below. */
export function ConsoleFrame({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('ops_console');
  const lang = useLang();
  const session = useConsoleSession();
  useEffect(() => {
    document.title = `${title} · ${t('brand')}`;
  }, [title, t]);
  // On a phone the sections scroll sideways: the current one is brought into view (Releases is the fifth).
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <div className="oc">
      <header className="oc-bar">
        <div className="oc-bar__top">
          <span className="oc-bar__brand">{t('brand')}</span>
          <div className="oc-lang" role="group" aria-label={t('lang.label')}>
            {LANGS.map((l) => (
              <button key={l} type="button" lang={l} className="oc-lang__button" aria-pressed={lang === l} onClick={() => chooseLang(l)}>
                {t(`lang.${l}`)}
              </button>
            ))}
          </div>
          {/* One row of its own on a phone (the bar took three at 375 px); beside the brand on a desk. */}
          <div className="oc-bar__account">
            <span className="oc-bar__who" title={t('signedInAs', { name: session.username })}>
              {t('signedInAs', { name: session.username })}
            </span>
            {session.changePassword && <ChangePassword change={session.changePassword} />}
            {session.logout && (
              <Button variant="ghost" className="oc-bar__out" onClick={session.logout}>
                {session.logoutLabel}
              </Button>
            )}
          </div>
        </div>
        <nav ref={nav} className="oc-nav" aria-label={t('nav.label')}>
          <NavLink end to={QUEUE_PATH} className="oc-nav__link">
            {t('nav.queue')}
          </NavLink>
          <NavLink end to={FUNDS_PATH} className="oc-nav__link">
            {t('nav.funds')}
          </NavLink>
          <NavLink end to={HOLIDAYS_PATH} className="oc-nav__link">
            {t('nav.holidays')}
          </NavLink>
          <NavLink end to={RELEASES_PATH} className="oc-nav__link">
            {t('nav.releases')}
          </NavLink>
        </nav>
      </header>
      <main className="oc-main">
        <div className="oc-main__head">
          <h1 className="oc-title">{title}</h1>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}
