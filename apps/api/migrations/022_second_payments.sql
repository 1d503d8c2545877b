-- 022: a second payment reported on a code that was already paid is money received, so it is recorded and held
-- for an operator like any payment we cannot apply (docs/repayment.md "The signed callback"). Until now a code was
-- paid once: a second, different event for it was answered "already applied" and recorded nowhere.
-- Expand-only: a unique constraint dropped (provider_event stays unique: a redelivered event is still recorded
-- once) and one more reason a fund may be held; the previous release satisfies both.

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_payment_id_key;
CREATE INDEX ledger_entries_payment_idx ON ledger_entries (payment_id);

ALTER TABLE unapplied_funds DROP CONSTRAINT unapplied_funds_reason_check;
ALTER TABLE unapplied_funds ADD CONSTRAINT unapplied_funds_reason_check
  CHECK (reason IN ('code_replaced', 'code_expired', 'code_already_paid', 'order_settled', 'overpayment', 'short_payment'));
