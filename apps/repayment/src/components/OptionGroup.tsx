import type { ReactNode } from 'react';

export interface Option {
  value: string;
  label: ReactNode;
  /** Under the label, smaller. */
  hint?: ReactNode;
  /** Left of the label (decorative). */
  icon?: ReactNode;
}

/**
 * A radio group as a fieldset with its legend: one row per option, the whole row is the target (≥ 48 px).
 * `variant="segmented"`: the options side by side (the Bank / Mini Market switch).
 */
export function OptionGroup({
  legend,
  name,
  options,
  value,
  onChange,
  variant = 'list',
  legendHidden = false,
  className,
}: {
  legend: ReactNode;
  name: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
  variant?: 'list' | 'segmented';
  legendHidden?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={['rp-options', `rp-options--${variant}`, className].filter(Boolean).join(' ')}>
      <legend className={legendHidden ? 'lv-visually-hidden' : 'rp-options__legend'}>{legend}</legend>
      <div className="rp-options__items">
        {options.map((o) => {
          const checked = o.value === value;
          return (
            <label key={o.value} className={checked ? 'rp-option is-checked' : 'rp-option'}>
              <input
                type="radio"
                className="rp-option__input"
                name={name}
                value={o.value}
                checked={checked}
                onChange={() => onChange(o.value)}
              />
              {o.icon}
              <span className="rp-option__text">
                <span className="rp-option__label">{o.label}</span>
                {o.hint ? <span className="rp-option__hint">{o.hint}</span> : null}
              </span>
              {variant === 'list' ? <span className="rp-option__mark" aria-hidden="true" /> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
