import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx.ts';
import { StarIcon } from './icons/StarIcon.tsx';

export interface StarRatingProps {
  /** 0 = nothing chosen yet; 1..max. */
  value: number;
  onChange?: (value: number) => void;
  /** Default 5 (spec 9: scale 1-5). */
  max?: number;
  /** Accessible name of the group ("Rate this app"). */
  label: string;
  disabled?: boolean;
  /** Shows the stars only (role=img "3 stars"), not a control. */
  readOnly?: boolean;
  className?: string;
}

/**
 * Star picker with radio-group semantics: each star is a radio "1 star".."5 stars" (localized); picking a
 * star lights the stars up to it. Arrow keys move and pick, Home / End go to the ends.
 */
export function StarRating({ value, onChange, max = 5, label, disabled = false, readOnly = false, className }: StarRatingProps) {
  const { t } = useTranslation('common');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const stars = Array.from({ length: max }, (_, i) => i + 1);
  const current = Math.max(0, Math.min(max, Math.round(value)));

  if (readOnly) {
    return (
      <span
        role="img"
        aria-label={`${label}: ${t('star', { count: current })}`}
        className={cx('lv-stars', 'lv-stars--readonly', className)}
      >
        {stars.map((n) => (
          <StarIcon key={n} className={cx('lv-star__icon', n <= current && 'is-on')} />
        ))}
      </span>
    );
  }

  const pick = (n: number) => {
    if (disabled) return;
    onChange?.(n);
    refs.current[n - 1]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = current || 0;
    let next: number | undefined;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = from >= max ? 1 : from + 1;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = from <= 1 ? max : from - 1;
    else if (e.key === 'Home') next = 1;
    else if (e.key === 'End') next = max;
    if (next === undefined) return;
    e.preventDefault();
    pick(next);
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={cx('lv-stars', className)}
      onKeyDown={onKeyDown}
    >
      {stars.map((n) => (
        <button
          key={n}
          ref={(el) => {
            refs.current[n - 1] = el;
          }}
          type="button"
          role="radio"
          aria-checked={n === current}
          aria-label={t('star', { count: n })}
          tabIndex={n === (current || 1) ? 0 : -1}
          disabled={disabled}
          className={cx('lv-star', n <= current && 'is-on')}
          onClick={() => pick(n)}
        >
          <StarIcon className="lv-star__icon" />
        </button>
      ))}
    </div>
  );
}
