-- 027: one write per borrower tap (issue 40 item 1). The borrower's money and loan writes (apply, confirm, payment
-- codes, card repayment, card binding, ratings; `idempotent` on their routes in @lendview/contracts) carry an
-- Idempotency-Key the API client keeps until an answer arrives, so a tap repeated after a lost answer (a dropped
-- connection, a timeout, a double tap) is answered with the first answer instead of being a second write.
-- Expand-only: one new table; nothing the previous release uses changes. See docs/api.md "Idempotent writes".

-- One row per (borrower, route, key). While the first request runs, `response` is NULL and `locked_until` is its
-- lease (a request that outlives it, or an instance killed in the middle, lets a retry run it again; the writes
-- behind these routes are themselves one per order, code or bill, so a rerun finds what the first one did). A
-- success stores the answer sent; a refusal deletes the row (nothing was written; a retry asks again).
-- Rows older than a day are purged with the rate-limit windows.
CREATE TABLE idempotent_requests (
  borrower_id  bigint NOT NULL REFERENCES borrowers (id),
  route        text NOT NULL CHECK (length(route) BETWEEN 1 AND 64),
  key          text NOT NULL CHECK (key ~ '^[A-Za-z0-9_-]{8,128}$'),
  -- SHA-256 (hex) of the parsed request: the same key with another request is refused, never answered with the
  -- first request's answer.
  request_hash text NOT NULL CHECK (length(request_hash) = 64),
  locked_until timestamptz,
  -- The answer sent, as sent (text, not jsonb: a replay is byte for byte the first answer).
  response     text,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (borrower_id, route, key)
);
CREATE INDEX idempotent_requests_created_at ON idempotent_requests (created_at);
