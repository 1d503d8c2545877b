// The one money format of the product: the pages (through useMoney) and the API's texts (through the
// '@lendview/i18n/money' entry, which imports nothing else) both use it, so they cannot disagree.
import type { Lang } from './lang-code.ts';

/** Spec 1: ₹ for English, Rp for Indonesian. */
export function currencySymbol(lang: Lang): string {
  return lang === 'en' ? '₹' : 'Rp';
}

function group(whole: string, sep: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** Integer minor units; a fractional input is rounded to the nearest minor unit. */
function split(minor: number): { negative: boolean; whole: string; cents: number } {
  const m = Math.round(minor);
  const abs = Math.abs(m);
  return { negative: m < 0, whole: String(Math.floor(abs / 100)), cents: abs % 100 };
}

/**
 * Amount in whole units, grouped: Indonesian with dots ('1.000.000'), English with commas ('80,000'). Two
 * decimals only when the amount has a fraction ('1.000,50' / '1,000.50'). Minor units in (spec 9).
 * A non-finite input gives '-'.
 */
export function formatAmount(minor: number, lang: Lang): string {
  if (!Number.isFinite(minor)) return '-';
  const { negative, whole, cents } = split(minor);
  const [thousands, decimal] = lang === 'en' ? [',', '.'] : ['.', ','];
  const fraction = cents !== 0 ? `${decimal}${String(cents).padStart(2, '0')}` : '';
  return `${negative ? '-' : ''}${group(whole, thousands)}${fraction}`;
}

/** 'Rp 1.000.000' (Indonesian, with a space) / '₹80,000' (English). */
export function formatMoney(minor: number, lang: Lang): string {
  if (!Number.isFinite(minor)) return '-';
  const amount = formatAmount(Math.abs(minor), lang);
  const sign = Math.round(minor) < 0 ? '-' : '';
  return lang === 'en' ? `${sign}₹${amount}` : `${sign}Rp ${amount}`;
}

/** Spec 9 money helper: minor units divided by 100 with two decimals, '12.50'. No grouping. */
export function minorToDecimal(minor: number): string {
  if (!Number.isFinite(minor)) return '0.00';
  const { negative, whole, cents } = split(minor);
  return `${negative ? '-' : ''}${whole}.${String(cents).padStart(2, '0')}`;
}

/** Spec 9: a displayed amount is stripped of its dots before it is sent to the payment pages. */
export function stripDots(value: string): string {
  return value.replace(/\./g, '');
}
