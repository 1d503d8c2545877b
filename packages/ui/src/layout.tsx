import {
  Children,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { AlertIcon } from './icons.tsx';

/* ----------------------------------------------------------------------------------------------- Page */

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

/* ----------------------------------------------------------------------------------------------- Card */

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

/* ---------------------------------------------------------------------------------------------- Field */

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

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ invalid, className, ref, ...rest }: TextAreaProps) {
  return (
    <textarea {...rest} ref={ref} aria-invalid={invalid || rest['aria-invalid'] || undefined} className={cx('lv-input', 'lv-textarea', className)} />
  );
}

/* -------------------------------------------------------------------------------------------- Spinner */

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

/* ------------------------------------------------------------------------------------- Empty and error */

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
      {typeof image === 'string' ? (
        <img className="lv-empty__image" src={image} alt="" width={160} height={160} decoding="async" />
      ) : (
        image
      )}
      <p className="lv-empty__title">{title}</p>
      {description && <p className="lv-empty__description">{description}</p>}
      {action && <div className="lv-empty__action">{action}</div>}
    </div>
  );
}

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

/* ----------------------------------------------------------------------------------------------- Tabs */

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Content shown when this tab is selected (omit to render the content yourself). */
  panel?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
}

/** Tab list (role=tablist, arrow keys, Home / End) with the selected panel. */
export function Tabs({ items, value, onChange, label, className }: TabsProps) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((i) => !i.disabled);
  const selected = items.find((i) => i.id === value);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((i) => i.id === value);
    let next: TabItem | undefined;
    if (e.key === 'ArrowRight') next = enabled[(at + 1) % enabled.length];
    else if (e.key === 'ArrowLeft') next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (e.key === 'Home') next = enabled[0];
    else if (e.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    e.preventDefault();
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className={cx('lv-tabs', className)}>
      <div role="tablist" aria-label={label} className="lv-tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const on = item.id === value;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) refs.current.set(item.id, el);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={on}
              aria-controls={item.panel !== undefined ? `${base}-panel-${item.id}` : undefined}
              tabIndex={on || (!selected && item === enabled[0]) ? 0 : -1}
              disabled={item.disabled}
              className={cx('lv-tabs__tab', on && 'is-selected')}
              onClick={() => onChange(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selected?.panel !== undefined && (
        <div role="tabpanel" id={`${base}-panel-${selected.id}`} aria-labelledby={`${base}-tab-${selected.id}`} tabIndex={0} className="lv-tabs__panel">
          {selected.panel}
        </div>
      )}
    </div>
  );
}
