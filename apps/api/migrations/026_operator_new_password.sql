-- 026: the first sign-in chooses a new password (issue 34 item 5). Expand-only: a column with a default.
-- Set by `pnpm ops:user add` and `reset-mfa` (the administrator saw the one-time password); the code step then
-- needs a new password before it answers a session, and clears it.
ALTER TABLE operators ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
