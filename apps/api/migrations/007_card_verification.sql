-- Card binding with verification (issue 11 item 7; docs/repayment.md "Card binding").
--
-- 1. A card is usable (listed, chargeable) only once the 6-digit SMS code sent when it was bound has been
--    confirmed: verified_at. The code is stored like every other code (salted SHA-256, never the code itself),
--    lives verify_expires_at (10 minutes), and is erased when used (single use).
-- 2. Fingerprints become HMAC-SHA256 keyed with CARD_FINGERPRINT_SECRET (the API computes them; SQL never sees the
--    key). The rows made before this migration hold unkeyed sha256('card:' || bank || ':' || number): with the last
--    4 digits stored beside it, the number is found by trying the possible middles. They cannot be converted
--    (that needs the number, which we never stored), so this migration ERASES them (fingerprint NULL) and
--    deactivates those cards: they were also bound without any proof of ownership, so none of them may be charged
--    any more. The rows stay (payments reference them); the borrower binds the card again, with the SMS code.
--    A pending card repayment made with such a card can no longer be confirmed and expires by itself (15 min).
-- 3. card_bind_guards: wrong codes are counted per borrower, across cards and resends; the 5th locks binding for
--    15 minutes, each further lock twice as long as the one before (capped at 24 hours by the API).

ALTER TABLE bank_cards
  ALTER COLUMN fingerprint DROP NOT NULL,
  ADD COLUMN verified_at       timestamptz,
  ADD COLUMN verify_salt       text,
  ADD COLUMN verify_hash       text,
  ADD COLUMN verify_sent_at    timestamptz,
  ADD COLUMN verify_expires_at timestamptz;

UPDATE bank_cards SET fingerprint = NULL, active = false, verified_at = NULL;

ALTER TABLE bank_cards
  -- A card in use always has a (keyed) fingerprint, so binding the same card twice finds it.
  ADD CONSTRAINT bank_cards_active_fingerprint CHECK (fingerprint IS NOT NULL OR NOT active),
  -- A code is all of salt, hash and expiry, or none of them; a verified card holds no code.
  ADD CONSTRAINT bank_cards_verify_code CHECK (
    (verify_hash IS NULL) = (verify_salt IS NULL) AND (verify_hash IS NULL) = (verify_expires_at IS NULL)
    AND (verified_at IS NULL OR verify_hash IS NULL)
  );

CREATE TABLE card_bind_guards (
  borrower_id  bigint PRIMARY KEY REFERENCES borrowers (id) ON DELETE CASCADE,
  -- Wrong codes since the last lock or the last verified card.
  wrong_codes  integer NOT NULL DEFAULT 0 CHECK (wrong_codes >= 0),
  -- Locks so far (the next lasts 15 min × 2^lockouts); back to 0 when a card is verified.
  lockouts     integer NOT NULL DEFAULT 0 CHECK (lockouts >= 0),
  locked_until timestamptz
);
