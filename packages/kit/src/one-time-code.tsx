import type { InputHTMLAttributes, Ref } from 'react';
import { digitsOnly } from '@lendview/contracts/routes';

/** What a code field keeps: the digits of what was typed or pasted (any script, as ASCII), then at most `length`. */
export function oneTimeCode(value: string, length = 6): string {
  // Cleaned, then capped (issue 40): a pasted "644 154" is 644154. A maxLength would cut the paste before it is
  // cleaned ("644 15"), so the field has none.
  return digitsOnly(value).slice(0, length);
}

export type OneTimeCodeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'inputMode' | 'autoComplete' | 'maxLength'
> & {
  value: string;
  /** The cleaned code after each edit. */
  onCode: (code: string) => void;
  /** How many digits the code has (6 unless said). */
  length?: number;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A one-time code field (SMS or authenticator): the numeric keypad, the phone's "from Messages" suggestion, digits
 * only and at most `length` of them. Label, id, class, placeholder, aria-* and key handlers pass through.
 */
export function OneTimeCodeInput({ value, onCode, length = 6, ...rest }: OneTimeCodeInputProps) {
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      value={value}
      onChange={(e) => onCode(oneTimeCode(e.target.value, length))}
    />
  );
}
