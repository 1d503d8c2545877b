-- 010: operator accounts with a second factor (issue 13 item 2; docs/operations.md "Accounts and sign-in").
-- Runs after 011/012 on data folders made before it: it touches only operators and operator_sessions.

-- The TOTP secret is stored sealed (AES-256-GCM under OPS_TOTP_KEY, lib/totp-secrets.ts), so a copy of the
-- database alone does not give the codes. totp_last_step: the 30 s step of the last accepted code, so a code
-- works once. failed_logins: consecutive failures of this account from any address (password or code);
-- login_blocked_until: the back-off after 5 of them; at 100 the account is locked until `pnpm ops:user reset-mfa`.
ALTER TABLE operators ADD COLUMN totp_secret_sealed text;
ALTER TABLE operators ADD COLUMN totp_enrolled_at timestamptz;
ALTER TABLE operators ADD COLUMN totp_last_step bigint;
ALTER TABLE operators ADD COLUMN failed_logins integer NOT NULL DEFAULT 0 CHECK (failed_logins >= 0);
ALTER TABLE operators ADD COLUMN login_blocked_until timestamptz;

-- Idle timeout: a session not used for 30 minutes ends (besides its absolute expiry).
ALTER TABLE operator_sessions ADD COLUMN last_seen_at timestamptz;
UPDATE operator_sessions SET last_seen_at = created_at WHERE last_seen_at IS NULL;

-- The password step's challenge: single use, 5 minutes; only sha256 of it is kept. During enrolment it carries
-- the sealed secret being enrolled, which becomes the operator's only when a code for it is accepted.
CREATE TABLE operator_login_challenges (
  challenge_hash      text PRIMARY KEY CHECK (challenge_hash ~ '^[0-9a-f]{64}$'),
  operator_id         integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  enrol_secret_sealed text,
  created_at          timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL,
  used_at             timestamptz
);
CREATE INDEX operator_login_challenges_expires_idx ON operator_login_challenges (expires_at);
