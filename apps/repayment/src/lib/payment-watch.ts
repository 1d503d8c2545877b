import type { PaymentState, Receipt } from '../api/payment-state.ts';

/**
 * Telling "this page's payment has arrived" from the polled payment state (pure, unit-tested). A page takes the
 * receipt ids it first saw as its baseline; a receipt that is not in it arrived while the borrower was on the
 * page. Receipts carry no code, so "new since I looked" is what identifies the payment just made.
 */

export function receiptIds(state: PaymentState | undefined): ReadonlySet<string> {
  return new Set((state?.receipts ?? []).map((r) => r.id));
}

/** The newest receipt not in `baseline` (receipts are newest first), or null. */
export function newReceipt(
  baseline: ReadonlySet<string> | null,
  state: PaymentState | undefined,
  repayType?: Receipt['repayType'],
): Receipt | null {
  if (!baseline || !state) return null;
  return state.receipts.find((r) => !baseline.has(r.id) && (repayType === undefined || r.repayType === repayType)) ?? null;
}

/** The order's newest receipt (the one that settled it, for a settled order). */
export function latestReceipt(state: PaymentState | undefined): Receipt | null {
  return state?.receipts[0] ?? null;
}
