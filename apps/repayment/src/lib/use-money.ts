import { useCallback } from 'react';
import { formatAmount, formatMoney, useLang } from '@lendview/i18n';

/** formatMoney bound to the current language: `money(50_000_000)` → 'Rp 500.000' / '₹500,000'. */
export function useMoney(): (minor: number) => string {
  const lang = useLang();
  return useCallback((minor: number) => formatMoney(minor, lang), [lang]);
}

/** formatAmount bound to the current language, without the currency: '500.000' / '500,000'. */
export function useAmount(): (minor: number) => string {
  const lang = useLang();
  return useCallback((minor: number) => formatAmount(minor, lang), [lang]);
}
