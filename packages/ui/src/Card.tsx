import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.ts';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** Optional heading at the top of the card. */
  heading?: ReactNode;
}

export function Card({ heading, className, children, ...rest }: CardProps) {
  return (
    <div {...rest} className={cx('lv-card', className)}>
      {heading && <h2 className="lv-card__heading">{heading}</h2>}
      {children}
    </div>
  );
}
