import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { AlertIcon } from './icons/AlertIcon.tsx';

export interface ErrorPanelProps {
  message: ReactNode;
  onRetry?: () => void;
  /** Default: the localized 'Retry'. */
  retryLabel?: ReactNode;
  title?: ReactNode;
  className?: string;
}

/** What the shell shows where a remote failed to load (and any screen whose data failed). */
export function ErrorPanel({ message, onRetry, retryLabel, title, className }: ErrorPanelProps) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className={cx('lv-error-panel', className)}>
      <AlertIcon className="lv-error-panel__icon" />
      {title && <p className="lv-error-panel__title">{title}</p>}
      <p className="lv-error-panel__message">{message}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry} className="lv-error-panel__retry">
          {retryLabel ?? t('retry')}
        </Button>
      )}
    </div>
  );
}
