-- 024: money actions in the audit trail, and the trails no statement can wipe (issue 34 item 2).
-- Expand-only: two CHECK lists widened (the previous release writes a subset), TRUNCATE triggers added.

-- An operator's money actions are audit rows written in the same transaction as the change: applying a held
-- fund (with what it was applied as), refunding one, resolving a callback we could not match.
ALTER TABLE ops_audit DROP CONSTRAINT ops_audit_action_check;
ALTER TABLE ops_audit ADD CONSTRAINT ops_audit_action_check CHECK (action IN (
  'assign', 'unassign', 'note', 'answer', 'contact_close', 'holiday_add', 'holiday_remove',
  'fund_apply', 'fund_refund', 'callback_resolve'));
ALTER TABLE ops_audit DROP CONSTRAINT ops_audit_item_kind_check;
ALTER TABLE ops_audit ADD CONSTRAINT ops_audit_item_kind_check CHECK (item_kind IN (
  'complaint', 'contact', 'holiday', 'fund', 'callback'));

-- Row triggers do not fire on TRUNCATE: until now `TRUNCATE ops_audit` (or the key facts, or the ledger) by the
-- application's role emptied a trail the row triggers protect. A statement trigger refuses it, on PostgreSQL and
-- PGlite alike. The ledger's rows are credited and refunded in place (UPDATE) and go with a re-seeded demo
-- payment (ON DELETE CASCADE), so only TRUNCATE is refused there.
CREATE TRIGGER ops_audit_no_truncate BEFORE TRUNCATE ON ops_audit
  FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_append_only();
CREATE TRIGGER kfs_statements_no_truncate BEFORE TRUNCATE ON kfs_statements
  FOR EACH STATEMENT EXECUTE FUNCTION kfs_statements_insert_only();

CREATE FUNCTION money_trail_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is the money trail: TRUNCATE refused', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION money_trail_no_truncate();
CREATE TRIGGER unapplied_funds_no_truncate BEFORE TRUNCATE ON unapplied_funds
  FOR EACH STATEMENT EXECUTE FUNCTION money_trail_no_truncate();
