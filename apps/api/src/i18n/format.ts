import type { Lang } from './messages.ts';

// Money in the server's texts (detail rows, messages, SMS) is @lendview/i18n's formatMoney itself, the one the
// pages use, so the page and the server cannot write an amount differently (docs/decisions.md "Money"):
// 'Rp 1.000.000' in Indonesian, '₹1,000,000' in English, decimals only when there is a fraction; integer minor
// units in. The '/money' entry imports nothing else: no i18next or React in the server bundle.
export { formatMoney } from '@lendview/i18n/money';

/** A rate in basis points as a percentage: 5 bp → '0.05%' / '0,05%'; 50 → '0.5%'; 500 → '5%'. */
export function formatRateBp(bp: number, lang: Lang): string {
  const whole = Math.floor(bp / 100);
  const frac = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${frac ? `${lang === 'en' ? '.' : ','}${frac}` : ''}%`;
}
