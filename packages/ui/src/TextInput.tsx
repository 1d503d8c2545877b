import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from './cx.ts';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** Text input, 16 px text (iOS does not zoom in), 48 px high. */
export function TextInput({ invalid, className, ref, type = 'text', ...rest }: TextInputProps) {
  return (
    <input
      {...rest}
      ref={ref}
      type={type}
      aria-invalid={invalid || rest['aria-invalid'] || undefined}
      className={cx('lv-input', className)}
    />
  );
}
