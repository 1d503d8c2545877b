-- 014: the cooling-off exit (issue 18 item 2; docs/compliance.md "Cooling-off exit", docs/repayment.md). Migration
-- 013 added status 210 and the cooling_off_days setting; this adds what paying the exit needs. Money in bigint
-- minor units, as everywhere.

-- A new repayment type: 'cooling_off' = principal + interest for the days used − what was already paid.
ALTER TABLE payments DROP CONSTRAINT payments_repay_type_check;
ALTER TABLE payments ADD CONSTRAINT payments_repay_type_check
  CHECK (repay_type IN ('full', 'installment', 'delay', 'cooling_off'));
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_repay_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_repay_type_check
  CHECK (repay_type IN ('full', 'installment', 'delay', 'cooling_off'));

-- The frozen figures of an exit code: the days of interest it charges and that interest. Applied as issued only
-- while the order still fits them (principal + exit_interest − paid = the code's loan part).
ALTER TABLE payments ADD COLUMN exit_days integer CHECK (exit_days >= 1);
ALTER TABLE payments ADD COLUMN exit_interest bigint CHECK (exit_interest >= 0);
ALTER TABLE payments ADD CONSTRAINT payments_exit_check
  CHECK ((repay_type = 'cooling_off') = (exit_days IS NOT NULL AND exit_interest IS NOT NULL));

-- What the exit released: the interest of the days not used (and any service fee), so that for an order closed in
-- the cooling-off period paid_amount + waived_amount = amount_due.
ALTER TABLE orders ADD COLUMN waived_amount bigint NOT NULL DEFAULT 0 CHECK (waived_amount >= 0);

-- Instalments the exit closed (neither paid on schedule nor owed any more).
ALTER TABLE instalments DROP CONSTRAINT instalments_status_check;
ALTER TABLE instalments ADD CONSTRAINT instalments_status_check CHECK (status IN ('unpaid', 'paid', 'closed'));
