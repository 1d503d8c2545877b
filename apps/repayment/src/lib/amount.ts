import { stripDots } from '@lendview/i18n';

/**
 * The `amount` of the payment pages' URLs: plain digits of integer minor units (ARCHITECTURE: money is minor
 * units everywhere). Spec 9: amounts are shown with dot separators and stripped of the dots before they go to
 * a payment page; a link that still carries them ('262.500.000') reads as the same digits.
 * Anything else (empty, letters, decimals, zero) is not an amount: null.
 */
export function parseAmountParam(raw: string | null | undefined): number | null {
  const digits = stripDots((raw ?? '').trim());
  if (!/^\d{1,15}$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Minor units → the URL form: digits only, no separators ('' for anything that is not a positive integer). */
export function amountParam(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor <= 0) return '';
  return stripDots(String(minor));
}
