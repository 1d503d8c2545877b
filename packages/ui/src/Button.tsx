import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from './cx.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width. */
  block?: boolean;
  /** Shows a spinner, sets aria-busy and blocks clicks. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClassName(variant: ButtonVariant, opts: { block?: boolean; className?: string } = {}): string {
  return cx('lv-button', `lv-button--${variant}`, opts.block && 'lv-button--block', opts.className);
}

/** Button with a 48 px touch target; type="button" unless told otherwise. */
export function Button({
  variant = 'primary',
  block,
  loading = false,
  className,
  type = 'button',
  disabled,
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName(variant, { block, className: cx(loading && 'is-loading', className) })}
    >
      {loading && <span className="lv-spinner lv-spinner--inline" aria-hidden="true" />}
      <span className="lv-button__label">{children}</span>
    </button>
  );
}
