import { useCallback } from 'react';
import { useLang } from './instance.ts';
import { formatMoney } from './money.ts';

/** formatMoney bound to the page's language: `money(50_000_000)` → 'Rp 500.000' / '₹500,000'. */
export function useMoney(): (minor: number) => string {
  const lang = useLang();
  return useCallback((minor: number) => formatMoney(minor, lang), [lang]);
}
