-- 008: input hardening (issue 12, items 3, 6 and 7). docs/api.md "SMS code rules" and "Limits"; docs/security.md.

-- One-time SMS codes (NIST SP 800-63B-4 5.1.3): failures are counted per phone and purpose across every code
-- and resend, so a new code never brings a fresh budget. `failures` counts misses since the last lock or success;
-- each lock lasts 15 minutes doubled per lock in a row (`lockouts`); `day_failures` is the daily cap's count in
-- the 24-hour window starting at `day_start`. A phone that never had a code gets a row too (unregistered
-- phones answer exactly like registered ones).
CREATE TABLE sms_code_guards (
  phone        text NOT NULL,
  purpose      text NOT NULL,
  failures     integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  lockouts     integer NOT NULL DEFAULT 0 CHECK (lockouts >= 0),
  locked_until timestamptz,
  day_start    timestamptz NOT NULL,
  day_failures integer NOT NULL DEFAULT 0 CHECK (day_failures >= 0),
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (phone, purpose)
);
CREATE INDEX sms_code_guards_updated_idx ON sms_code_guards (updated_at);

-- Codes are now an HMAC-SHA256 under a server key (see repositories/sms-codes.ts), not sha256(salt:code);
-- a code of the old form can no longer be checked: they live 5 minutes, so the ones left are simply dropped.
DELETE FROM sms_codes;

-- Complaint saves: a client idempotency key (one per form submission, kept across retries) returns the first
-- complaint; content_hash finds an identical complaint of the same borrower within the duplicate window.
ALTER TABLE complaints ADD COLUMN idempotency_key text CHECK (idempotency_key ~ '^[A-Za-z0-9_-]{8,128}$');
ALTER TABLE complaints ADD COLUMN content_hash text CHECK (content_hash ~ '^[0-9a-f]{64}$');
CREATE UNIQUE INDEX complaints_idempotency_idx ON complaints (borrower_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX complaints_content_idx ON complaints (borrower_id, content_hash, created_at);

-- App ratings: one per borrower per order (and one without an order); a second rating updates the stars.
-- Earlier duplicates are reduced to the latest before the unique index is built.
ALTER TABLE app_ratings ADD COLUMN updated_at timestamptz;
DELETE FROM app_ratings a
 USING app_ratings b
 WHERE a.borrower_id = b.borrower_id
   AND coalesce(a.order_no, '') = coalesce(b.order_no, '')
   AND a.id < b.id;
CREATE UNIQUE INDEX app_ratings_one_per_order ON app_ratings (borrower_id, (coalesce(order_no, '')));

-- Photos are re-encoded before storage: their pixel size is kept for the record.
ALTER TABLE complaint_images ADD COLUMN width integer CHECK (width > 0);
ALTER TABLE complaint_images ADD COLUMN height integer CHECK (height > 0);
