import { DEFAULT_MARKET } from './pay-choice.ts';

/** The market the page shows as chosen: the borrower's pick, else ALFAMART when offered (spec 9), else none. */
export function effectiveMarket(picked: string | null, markets: readonly string[]): string {
  if (picked !== null) return markets.includes(picked) ? picked : '';
  return markets.includes(DEFAULT_MARKET) ? DEFAULT_MARKET : '';
}
