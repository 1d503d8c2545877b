-- 025: operator sign-in under a burst (issue 34 item 5). Expand-only: one nullable column.
-- Once an account is in back-off, at most one password check runs at a time: a sign-in claims the account in one
-- UPDATE (login_checking_until, a few seconds) before the password is checked, and the check's outcome releases it.
-- Concurrent tries find it claimed (or blocked) and are answered 429 without a check.
ALTER TABLE operators ADD COLUMN login_checking_until timestamptz;
