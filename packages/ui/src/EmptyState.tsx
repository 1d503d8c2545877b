import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface EmptyStateProps {
  /** An image URL (decorative) or a node. */
  image?: string | ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ image, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cx('lv-empty', className)}>
      {typeof image === 'string' ? <img className="lv-empty__image" src={image} alt="" width={160} height={160} decoding="async" /> : image}
      <p className="lv-empty__title">{title}</p>
      {description && <p className="lv-empty__description">{description}</p>}
      {action && <div className="lv-empty__action">{action}</div>}
    </div>
  );
}
