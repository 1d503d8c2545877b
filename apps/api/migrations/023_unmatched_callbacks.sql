-- 023: provider callbacks we could not match. A callback whose signature is valid is the provider's own report
-- that money was received; when we cannot match it to a payment of ours (the body is not a valid event, the bill
-- number is unknown, or the code or channel is not the bill's) it is still refused as before (the provider
-- retries and alerts), but it is kept here for an operator instead of leaving one log line. A callback with a
-- missing or wrong signature is never recorded (anyone can send one). See docs/repayment.md "Callbacks we could
-- not match". Same conventions as 003 and 006: money in bigint minor units.
-- Expand-only: one new table; nothing the previous release uses changes.

-- One row per distinct callback: dedupe_key is the body's event id (a string `id` of 1-128 characters), else
-- 'sha256:' + the hex SHA-256 of the raw body, so a redelivery (however concurrent) counts on the same row
-- (deliveries, last_received_at) instead of adding one. open → resolved, set only by an operator, with a note.
CREATE TABLE unmatched_callbacks (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dedupe_key        text NOT NULL UNIQUE CHECK (length(dedupe_key) BETWEEN 1 AND 128),
  reason            text NOT NULL CHECK (reason IN ('malformed', 'unknown_reference', 'code_mismatch')),
  -- What could be read of the body (NULL when it has no such field of the right type): the event id, the bill
  -- number, and the amount only when it is a safe positive integer (minor units).
  event_id          text CHECK (length(event_id) BETWEEN 1 AND 128),
  reference         text CHECK (length(reference) BETWEEN 1 AND 128),
  amount            bigint CHECK (amount > 0),
  -- The signed body as received (the provider's own report; shown to operators, never logged). The callback
  -- route takes 64 KB at most.
  raw_body          text NOT NULL CHECK (length(raw_body) <= 65536),
  first_received_at timestamptz NOT NULL,
  last_received_at  timestamptz NOT NULL,
  deliveries        integer NOT NULL DEFAULT 1 CHECK (deliveries >= 1),
  state             text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'resolved')),
  resolved_at       timestamptz,
  resolved_by       bigint REFERENCES operators (id),
  note              text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  CHECK ((state = 'open') = (resolved_at IS NULL)),
  CHECK ((state = 'open') = (resolved_by IS NULL))
);
CREATE INDEX unmatched_callbacks_state_idx ON unmatched_callbacks (state, id DESC);
