import { type ReactNode, useEffect } from 'react';
import { cx } from './cx.ts';

export interface PageProps {
  /** Sets document.title (the native bar shows it) and, unless hideTitle, a heading in the header band. */
  title?: string;
  children?: ReactNode;
  className?: string;
  /** Replaces the default header band. */
  header?: ReactNode;
  /** Keep document.title but do not draw the heading (the native bar already shows it). */
  hideTitle?: boolean;
  /** Bottom bar (sticky, above the home indicator): the main action of the screen. */
  footer?: ReactNode;
  /** Landmark element; 'main' by default (the shell must not wrap pages in another <main>). */
  as?: 'main' | 'div';
}

/** Screen frame: max 480 px wide, centred, padded for the notch and the home indicator. */
export function Page({ title, children, className, header, hideTitle = false, footer, as: As = 'main' }: PageProps) {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
  const head = header ?? (title && !hideTitle ? <h1 className="lv-page__title">{title}</h1> : null);
  return (
    <div className={cx('lv-page', className)}>
      {head && <header className="lv-page__header">{head}</header>}
      <As className="lv-page__body">{children}</As>
      {footer && <div className="lv-page__footer">{footer}</div>}
    </div>
  );
}
