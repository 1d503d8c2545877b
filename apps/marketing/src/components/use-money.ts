import { useCallback } from 'react';
import { formatMoney, useLang } from '@lendview/i18n';

/** formatMoney bound to the current language: `money(2_000_00)` → '₹2,000' / 'Rp 2.000'. */
export function useMoney(): (minor: number) => string {
  const lang = useLang();
  return useCallback((minor: number) => formatMoney(minor, lang), [lang]);
}
