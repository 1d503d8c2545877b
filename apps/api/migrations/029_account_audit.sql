-- 029: operator account changes in the audit trail (issue 34 item 2). Adding, disabling, resetting and unlocking an
-- account (`pnpm ops:user`, which runs with no operator signed in: operator_id NULL, operator 'ops:user') and an
-- operator's own password change are audit rows written in the transaction of the change; item_kind 'account',
-- item_id the username. Expand-only: two CHECK lists widened (the previous release writes a subset).
ALTER TABLE ops_audit DROP CONSTRAINT ops_audit_action_check;
ALTER TABLE ops_audit ADD CONSTRAINT ops_audit_action_check CHECK (action IN (
  'assign', 'unassign', 'note', 'answer', 'contact_close', 'holiday_add', 'holiday_remove',
  'fund_apply', 'fund_refund', 'callback_resolve',
  'account_add', 'account_disable', 'account_reset', 'account_unlock', 'account_password'));
ALTER TABLE ops_audit DROP CONSTRAINT ops_audit_item_kind_check;
ALTER TABLE ops_audit ADD CONSTRAINT ops_audit_item_kind_check CHECK (item_kind IN (
  'complaint', 'contact', 'holiday', 'fund', 'callback', 'account'));
