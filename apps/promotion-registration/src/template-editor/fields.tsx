import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@lendview/ui';
import type { ErrorText } from './error-text.ts';

interface TextProps {
  label: ReactNode;
  path: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
  type?: 'text' | 'url';
  /** Shown as "x/max" beside the label. */
  max?: number;
}

/** One labelled input with its error under it (wired with aria-invalid / aria-describedby). */
export function TextField({ label, path, value, onChange, error, hint, multiline, type = 'text', max }: TextProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: path,
    'data-path': path,
    className: cx('ops-input', multiline && 'ops-textarea'),
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={cx('ops-field', !!error && 'is-invalid')}>
      <div className="ops-field__top">
        <label className="ops-label" htmlFor={id}>
          {label}
        </label>
        {max !== undefined && (
          <span className={cx('ops-count', value.length > max && 'is-over')}>
            {value.length}/{max}
          </span>
        )}
      </div>
      {multiline ? (
        <textarea {...common} rows={6} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="ops-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="ops-error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface Localized {
  en: string;
  id: string;
}

/** A text in both languages, side by side. */
export function LocalizedField({
  label,
  path,
  value,
  onChange,
  errorText,
  multiline,
  max,
}: {
  label: string;
  path: string;
  value: Localized;
  onChange: (v: Localized) => void;
  errorText: ErrorText;
  multiline?: boolean;
  max: number;
}) {
  const { t } = useTranslation('promotion_registration');
  return (
    <fieldset className="ops-pair">
      <legend className="ops-pair__legend">{label}</legend>
      {(['en', 'id'] as const).map((lang) => (
        <TextField
          key={lang}
          label={t(`ops.edit.lang.${lang}`)}
          path={`${path}.${lang}`}
          value={value[lang]}
          onChange={(v) => onChange({ ...value, [lang]: v })}
          error={errorText(`${path}.${lang}`)}
          multiline={multiline}
          max={max}
        />
      ))}
    </fieldset>
  );
}

/** A #rrggbb colour: a picker and the hex text (either edits it). */
export function ColorField({
  label,
  path,
  value,
  onChange,
  error,
}: {
  label: string;
  path: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const id = useId();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <div className={cx('ops-field', 'ops-color', !!error && 'is-invalid')}>
      <label className="ops-label" htmlFor={id}>
        {label}
      </label>
      <div className="ops-color__row">
        <input
          type="color"
          className="ops-color__swatch"
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          aria-label={label}
          tabIndex={-1}
        />
        <input
          id={id}
          data-path={path}
          name={path}
          className="ops-input ops-color__hex"
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          spellCheck={false}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="ops-error">
          {error}
        </p>
      )}
    </div>
  );
}
