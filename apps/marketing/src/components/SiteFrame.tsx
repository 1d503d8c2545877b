import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page, cx } from '@lendview/ui';
import { COPYRIGHT_YEAR } from '../content/figures.ts';
import logoUrl from '../assets/logo.svg';
import '../styles/site.css';

const TABS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/About', key: 'nav.about', end: false },
  { to: '/Policy', key: 'nav.policy', end: false },
  { to: '/Loan', key: 'nav.loan', end: false },
] as const;

/**
 * The public site frame (spec 2.2): brand, four tabs (the current one marked with aria-current), the page
 * body in <main>, and a footer with the copyright line (plus `footer` content, e.g. the home contact block).
 */
export function SiteFrame({
  title,
  children,
  footer,
  mainClassName,
}: {
  title: string;
  children?: ReactNode;
  footer?: ReactNode;
  mainClassName?: string;
}) {
  const { t } = useTranslation('marketing');
  const tabsRef = useRef<HTMLUListElement>(null);

  // On a narrow screen the tab bar scrolls sideways: bring the current tab into view.
  useEffect(() => {
    const list = tabsRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list && current && current.offsetLeft + current.offsetWidth > list.clientWidth) {
      list.scrollLeft = current.offsetLeft - 12;
    }
  }, [title]);

  const header = (
    <div className="mk-site-header">
      <Link to="/" className="mk-brand">
        <img src={logoUrl} width={28} height={28} alt="" />
        <span>{t('brand')}</span>
      </Link>
      <nav className="mk-tabs" aria-label={t('nav.label')}>
        <ul ref={tabsRef}>
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end} className="mk-tab">
                {t(tab.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );

  // The ui Page sets document.title and puts `header` in its <header> band; the body is a plain <div> here
  // because the site has its own <main> and <footer> landmarks.
  return (
    <Page title={title} hideTitle header={header} as="div" className="mk-site">
      <main id="mk-main" className={cx('mk-site-main', mainClassName)}>
        {children}
      </main>
      <footer className="mk-site-footer">
        {footer}
        <p className="mk-copyright">{t('footer.copyright', { year: COPYRIGHT_YEAR })}</p>
      </footer>
    </Page>
  );
}
