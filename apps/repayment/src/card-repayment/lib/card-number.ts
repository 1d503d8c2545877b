import { CARD_NO_MAX } from './constants.ts';
import { digitsOnly } from '@lendview/contracts/routes';

/** Digits only, at most `max` of them (spec 5: the bank card input keeps digits only). */
export function cardDigits(value: string, max = CARD_NO_MAX): string {
  return digitsOnly(value).slice(0, max);
}

/** Digits grouped in fours: '1234567890' → '1234 5678 90' (spec 5). */
export function groupCardNumber(value: string, max = CARD_NO_MAX): string {
  return cardDigits(value, max).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Formats what the borrower typed and keeps the caret after the same digit it followed before formatting
 * (so editing in the middle of the number does not throw the caret to the end).
 */
export function formatCardInput(raw: string, caret: number | null, max = CARD_NO_MAX): { value: string; caret: number } {
  const value = groupCardNumber(raw, max);
  if (caret === null) return { value, caret: value.length };
  const digitsBefore = Math.min(cardDigits(raw.slice(0, caret), Number.MAX_SAFE_INTEGER).length, cardDigits(raw, max).length);
  let seen = 0;
  let at = 0;
  while (at < value.length && seen < digitsBefore) {
    if (/\d/.test(value[at]!)) seen += 1;
    at += 1;
  }
  return { value, caret: at };
}
