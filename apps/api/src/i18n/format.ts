import type { Lang } from './messages.ts';

/**
 * Money and rate texts of the server (detail rows, messages), the same format as @lendview/i18n's
 * formatMoney (docs/decisions.md "Money"): 'Rp 1.000.000' in Indonesian, '₹1,000,000' in English, decimals
 * only when there is a fraction. Input is integer minor units.
 */
export function formatMoney(minor: number, lang: Lang): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.round(minor));
  const whole = String(Math.floor(abs / 100));
  const cents = abs % 100;
  const [thousands, decimal] = lang === 'en' ? [',', '.'] : ['.', ','];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  const fraction = cents !== 0 ? `${decimal}${String(cents).padStart(2, '0')}` : '';
  const amount = `${grouped}${fraction}`;
  const sign = negative ? '-' : '';
  return lang === 'en' ? `${sign}₹${amount}` : `${sign}Rp ${amount}`;
}

/** A rate in basis points as a percentage: 5 bp → '0.05%' / '0,05%'; 50 → '0.5%'; 500 → '5%'. */
export function formatRateBp(bp: number, lang: Lang): string {
  const whole = Math.floor(bp / 100);
  const frac = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return `${whole}${frac ? `${lang === 'en' ? '.' : ','}${frac}` : ''}%`;
}
