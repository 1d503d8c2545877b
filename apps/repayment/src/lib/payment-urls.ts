// The /that links of a pay-now, out of the pages so that the pages export components only (Fast Refresh).
import { amountParam } from './amount.ts';

/** The /that link of a pay-now: the selected total (digits of minor units) and how many instalments it covers. */
export function instalmentPaymentUrl(productId: string, orderId: string, total: number, periods: number): string {
  const q = new URLSearchParams({ productId, orderId, amount: amountParam(total), repayType: 'installment', periods: String(periods) });
  return `/that?${q}`;
}

/** The /that link of the extension: the fee (digits of minor units) and repayType delay. */
export function extensionPaymentUrl(productId: string, orderId: string, fee: number): string {
  return `/that?${new URLSearchParams({ productId, orderId, amount: amountParam(fee), repayType: 'delay' })}`;
}
