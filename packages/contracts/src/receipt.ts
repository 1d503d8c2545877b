import { z } from 'zod';

// Receipts of money received (issue 11, docs/repayment.md "Ledger"). Kept in a file of its own, imported by
// repayment.ts (payment-state) and loan.ts (loan details' `payments`): repayment.ts already imports loan.ts, so
// loan.ts importing repayment.ts would be a module cycle. Money is integer minor units.

/** What one payment paid, by the application order: late charges, then interest, then principal (or the fee). */
export const receiptApplied = z.object({
  principal: z.number().int(),
  interest: z.number().int(),
  /** Late penalty + late interest. */
  lateCharges: z.number().int(),
  extensionFee: z.number().int(),
});

/** One payment the provider reported (a ledger entry), as the borrower sees it. */
export const receipt = z.object({
  /** Ledger entry id. */
  id: z.string(),
  /** What the provider reported received. = applied (all parts) + unapplied + refunded. */
  amount: z.number().int(),
  /** When the borrower paid (the provider's time, ISO 8601). */
  paidAt: z.string(),
  /** Localized display: "BCA virtual account", "ALFAMART payment code", "Bank card", "Online payment page". */
  method: z.string(),
  /** Bank / market code (BCA, ALFAMART, ...), the card's bank, or SANDBOX for the hosted page. */
  payCode: z.string(),
  /** What it was applied as (the code's repayType when nothing could be applied). */
  /** 'cooling_off' (issue 18 item 2): the loan was left in its cooling-off period (status 210). */
  repayType: z.enum(['full', 'installment', 'delay', 'cooling_off']),
  /** Instalment numbers it paid (empty when it paid none). */
  periods: z.array(z.number().int()),
  applied: receiptApplied,
  /** Held for an operator (overpayment, a replaced code paid after settlement, ...): not credited yet. */
  unapplied: z.number().int(),
  /** Added by the ledger engineer (not in the first shape): what an operator returned to the payer. */
  refunded: z.number().int(),
});
export type Receipt = z.infer<typeof receipt>;
