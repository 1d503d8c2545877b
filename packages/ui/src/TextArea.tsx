import type { Ref, TextareaHTMLAttributes } from 'react';
import { cx } from './cx.ts';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ invalid, className, ref, ...rest }: TextAreaProps) {
  return (
    <textarea
      {...rest}
      ref={ref}
      aria-invalid={invalid || rest['aria-invalid'] || undefined}
      className={cx('lv-input', 'lv-textarea', className)}
    />
  );
}
