import { useCallback } from 'react';
import { formatMoney, useLang } from '@lendview/i18n';

/** formatMoney bound to the current language: `money(50_000_000)` → 'Rp 500.000' / '₹500,000'. */
export function useMoney(): (minor: number) => string {
  const lang = useLang();
  return useCallback((minor: number) => formatMoney(minor, lang), [lang]);
}
