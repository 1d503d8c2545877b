-- 030: the ledger's rows change only the way money moves (issue 34 item 2). Until now only TRUNCATE of the ledger
-- and the held funds was refused: a statement of the application's role could still rewrite what a provider
-- reported received, take money back out of what it paid, reopen a refunded fund or delete a payment's record.
-- Row triggers, on PostgreSQL and PGlite alike. Expand-only: the previous release makes only the changes allowed.
--
-- A ledger entry: what was received (provider event, payment, order, borrower, amount, times) never changes; money
-- only moves from `unapplied` (held) into what it paid or `refunded` (each part only grows, `unapplied` only
-- shrinks: creditLedgerEntry, refundLedgerEntry); the instalments it paid are only added to; what it was applied as
-- changes only while nothing was applied. A held fund changes once: open → applied or refunded (an apply may close
-- it for part of its amount, the rest opening as a new fund); a resolved fund never changes.
--
-- Neither is ever deleted, except by the demo re-seed (seed-demo.ts), which undoes the payments of the demo orders
-- and says so in its own transaction (`lendview.demo_reseed`); a production database refuses demo data at start.
CREATE FUNCTION money_trail_demo_reseed(order_no text) RETURNS boolean LANGUAGE sql AS $$
  SELECT order_no LIKE 'DEMO%' AND coalesce(current_setting('lendview.demo_reseed', true), '') = 'on'
$$;

CREATE FUNCTION ledger_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF money_trail_demo_reseed(OLD.order_no) THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'ledger_entries is the money trail: DELETE refused' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.id <> OLD.id OR NEW.provider_event <> OLD.provider_event OR NEW.payment_id <> OLD.payment_id
     OR NEW.order_no <> OLD.order_no OR NEW.borrower_id <> OLD.borrower_id OR NEW.amount <> OLD.amount
     OR NEW.paid_at <> OLD.paid_at OR NEW.received_at <> OLD.received_at THEN
    RAISE EXCEPTION 'ledger_entries is the money trail: what was received never changes' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.principal < OLD.principal OR NEW.interest < OLD.interest OR NEW.late_penalty < OLD.late_penalty
     OR NEW.late_interest < OLD.late_interest OR NEW.extension_fee < OLD.extension_fee OR NEW.refunded < OLD.refunded
     OR NEW.unapplied > OLD.unapplied THEN
    RAISE EXCEPTION 'ledger_entries is the money trail: money only moves from held to applied or refunded' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.periods[1:coalesce(array_length(OLD.periods, 1), 0)] IS DISTINCT FROM OLD.periods THEN
    RAISE EXCEPTION 'ledger_entries is the money trail: paid instalments are only added to' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.repay_type <> OLD.repay_type
     AND OLD.principal + OLD.interest + OLD.late_penalty + OLD.late_interest + OLD.extension_fee > 0 THEN
    RAISE EXCEPTION 'ledger_entries is the money trail: what was applied stays what it was applied as' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_entries_guard BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_guard();

CREATE FUNCTION unapplied_funds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF money_trail_demo_reseed(OLD.order_no) THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'unapplied_funds is the money trail: DELETE refused' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.state <> 'open' THEN
    RAISE EXCEPTION 'unapplied_funds is the money trail: a resolved fund never changes' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.id <> OLD.id OR NEW.ledger_entry_id <> OLD.ledger_entry_id OR NEW.order_no <> OLD.order_no
     OR NEW.reason <> OLD.reason OR NEW.created_at <> OLD.created_at OR NEW.amount > OLD.amount THEN
    RAISE EXCEPTION 'unapplied_funds is the money trail: a fund is only closed, for at most what it held' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER unapplied_funds_guard BEFORE UPDATE OR DELETE ON unapplied_funds
  FOR EACH ROW EXECUTE FUNCTION unapplied_funds_guard();
