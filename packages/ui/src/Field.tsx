import { Children, type ReactElement, type ReactNode, cloneElement, isValidElement, useId } from 'react';
import { cx } from './cx.ts';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control in the error colour; sets aria-invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  /** One control (TextInput, TextArea, select...): it gets the id, aria-describedby and aria-invalid. */
  children: ReactElement<ControlProps>;
  /** Right of the label, e.g. a '12/200' counter. */
  aside?: ReactNode;
  className?: string;
}

/** Label, control, hint and error, wired for assistive technology. */
export function Field({ label, error, hint, children, aside, className }: FieldProps) {
  const autoId = useId();
  const child = Children.only(children);
  const controlId = (isValidElement(child) && child.props.id) || `${autoId}-control`;
  const hintId = hint ? `${autoId}-hint` : undefined;
  const errorId = error ? `${autoId}-error` : undefined;
  const describedBy = [child.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(child, {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : child.props['aria-invalid'],
  });
  return (
    <div className={cx('lv-field', !!error && 'is-invalid', className)}>
      <div className="lv-field__top">
        <label className="lv-field__label" htmlFor={controlId}>
          {label}
        </label>
        {aside && <span className="lv-field__aside">{aside}</span>}
      </div>
      {control}
      {hint && (
        <p id={hintId} className="lv-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="lv-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
