-- 009: borrower trust boundary (issue 12, items 1 and 4). docs/api.md "Partner joint login" and "Consent
-- records"; docs/security.md.

-- Partners (a partner product of `products`) that may exchange joint-login codes server to server. The API key
-- is 32 random bytes shown once when issued; only its sha256 is kept. pseudonym_key is this partner's own
-- HMAC key for the borrower id it sees, so two partners cannot join their records on it.
CREATE TABLE partner_credentials (
  product_id    integer PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  key_hash      text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  pseudonym_key text NOT NULL CHECK (length(pseudonym_key) >= 32),
  created_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);

-- One-time joint-login codes: the partner URL carries one instead of the borrower's session token. Valid 60 s,
-- single use, bound to the product (partner) it was issued for; only sha256(code) is stored.
CREATE TABLE partner_login_codes (
  code_hash   text PRIMARY KEY CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  product_id  integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX partner_login_codes_expires_idx ON partner_login_codes (expires_at);

-- Consent records of loan confirmation: what was accepted (agreement ids, versions, sha256 of the text shown),
-- when, from which device, address and app version. Insert-only: the triggers below refuse UPDATE and DELETE
-- (and TRUNCATE) for every role, the table owner included, on PGlite and PostgreSQL alike.
-- `documents` is the list of every document version accepted, [{ "id", "version", "sha256" }]; agreements are
-- entries of kind 'agreement'; other documents (a key-facts statement) add entries with their own kind.
CREATE TABLE loan_consents (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no      text NOT NULL REFERENCES orders (order_no),
  borrower_id   bigint NOT NULL REFERENCES borrowers (id),
  product_id    integer NOT NULL REFERENCES products (id),
  -- The loan as confirmed (minor units, days).
  amount        bigint NOT NULL CHECK (amount > 0),
  term_days     integer NOT NULL CHECK (term_days > 0),
  documents     jsonb NOT NULL CHECK (jsonb_typeof(documents) = 'array'),
  lang          text NOT NULL CHECK (lang IN ('en', 'id')),
  device_id     text CHECK (length(device_id) <= 256),
  ip            text NOT NULL CHECK (length(ip) <= 64),
  app_version   text CHECK (length(app_version) <= 256),
  user_agent    text CHECK (length(user_agent) <= 512),
  -- 'session' (the session alone) or 'sms' (a step-up SMS code was checked, CONFIRM_STEP_UP=1).
  verified_by   text NOT NULL CHECK (verified_by IN ('session', 'sms')),
  -- true when the confirm answered an order already under review (a repeated tap): the consent is recorded again.
  repeated      boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL
);
CREATE INDEX loan_consents_order_idx ON loan_consents (order_no, id DESC);
CREATE INDEX loan_consents_borrower_idx ON loan_consents (borrower_id, id DESC);

CREATE FUNCTION loan_consents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loan_consents is insert-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER loan_consents_no_update BEFORE UPDATE OR DELETE ON loan_consents
  FOR EACH ROW EXECUTE FUNCTION loan_consents_immutable();
CREATE TRIGGER loan_consents_no_truncate BEFORE TRUNCATE ON loan_consents
  FOR EACH STATEMENT EXECUTE FUNCTION loan_consents_immutable();

-- Step-up SMS codes of the loan confirmation (CONFIRM_STEP_UP=1): salted hash, 5 minutes, single use, 5 wrong
-- tries, bound to the borrower and product. The newest row of (borrower, product) counts.
CREATE TABLE confirm_codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  code_salt   text NOT NULL,
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX confirm_codes_borrower_idx ON confirm_codes (borrower_id, product_id, id DESC);
