/**
 * Repayment arithmetic and settlement (docs/repayment.md): what an order asks for each kind of repayment, and
 * what a confirmed payment does to the order. Everything in integer minor units.
 *
 * One file per concern (issue 38 item 2), re-exported here so `services/repayment.ts` stays the one import:
 * what is due and the options (repayment-dues.ts), money received, payment events and callbacks
 * (repayment-payments.ts), unapplied funds an operator applies or refunds (repayment-unapplied.ts), receipts
 * (repayment-receipts.ts).
 */
export * from './repayment-dues.ts';
export * from './repayment-payments.ts';
export * from './repayment-unapplied.ts';
export * from './repayment-receipts.ts';
