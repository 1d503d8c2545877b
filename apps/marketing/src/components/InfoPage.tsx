import type { ReactNode } from 'react';
import { Page, cx } from '@lendview/ui';
import '../styles/info.css';

/**
 * A plain informational page for the app's web view (spec 2.3): no site navigation. The ui Page draws the
 * title band (the page's one h1), sets document.title and wraps the content in <main>.
 */
export function InfoPage({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Page title={title} className="mk-info-page">
      <div className={cx('mk-info', className)}>{children}</div>
    </Page>
  );
}
