import { cx } from './cx.ts';

export interface SpinnerProps {
  /** Announced to screen readers; visible too when showLabel. */
  label: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, showLabel = false, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('lv-spinner-box', `lv-spinner-box--${size}`, className)}>
      <span className="lv-spinner" aria-hidden="true" />
      <span className={showLabel ? 'lv-spinner-box__label' : 'lv-visually-hidden'}>{label}</span>
    </span>
  );
}
