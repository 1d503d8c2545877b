-- Issue 36 item 4: real-user signals that cannot be forged. A beacon counts only for a page view the server issued:
-- every page (and /remotes.json) carries a view id signed by the server (src/rum/view-id.ts: HMAC, an hour's
-- expiry, the remote versions the page was served with). rum_events holds only what counts (the judge, /ops/releases
-- and `pnpm remotes --health` read it, through nothing else); everything else that was published is kept apart in
-- rum_unverified for investigation. Expand-only (docs/deploy.md "Migrations"): two new tables; an instance of the
-- version before this one keeps writing unchecked beacons into rum_events until it is replaced.

-- What each signed view id has counted so far, per remote version and kind (services/rum.ts): a view and each
-- web-vital once, each distinct error once (up to a cap). Shared by every instance; rows go once the view id has
-- expired (housekeeping).
CREATE TABLE rum_view_marks (
  -- The view id's random part (rum_events.page_id of its counted events).
  view_id     text NOT NULL CHECK (view_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  app         text NOT NULL,
  version     text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('view', 'error', 'lcp', 'inp', 'cls')),
  -- An error's fingerprint (a hash of its name, message and first frame); '' for the other kinds.
  fingerprint text NOT NULL DEFAULT '' CHECK (length(fingerprint) <= 64),
  -- Events of this kind (and fingerprint) the view id has presented.
  n           integer NOT NULL CHECK (n >= 1),
  expires_at  timestamptz NOT NULL,
  PRIMARY KEY (view_id, app, version, kind, fingerprint)
);
CREATE INDEX rum_view_marks_expires ON rum_view_marks (expires_at);

-- Beacons that do not count, and why. Never read by the judge, /ops/releases or `pnpm remotes --health`. Same
-- retention as rum_events; stacks are kept raw (not symbolicated: a forged batch costs no source-map work).
CREATE TABLE rum_unverified (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL,
  -- unsigned: no view id; bad-signature: not the server's (or unreadable); expired: issued over the expiry ago;
  -- mismatched: an event of a remote version the view was not served; replayed: a view or web-vital its view id
  -- has counted already; over-cap: beyond the per-view error cap or the per-address views cap.
  reason      text NOT NULL CHECK (reason IN ('unsigned', 'bad-signature', 'expired', 'mismatched', 'replayed', 'over-cap')),
  app         text NOT NULL CHECK (app ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  version     text NOT NULL CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$'),
  route       text NOT NULL DEFAULT '' CHECK (length(route) <= 200),
  kind        text NOT NULL CHECK (kind IN ('view', 'error', 'lcp', 'inp', 'cls')),
  value       double precision CHECK (value IS NULL OR value >= 0),
  detail      jsonb CHECK (detail IS NULL OR jsonb_typeof(detail) = 'object'),
  -- The page id the beacon gave (the browser's own, not checked).
  page_id     text NOT NULL CHECK (page_id ~ '^[A-Za-z0-9_-]{8,64}$')
);
CREATE INDEX rum_unverified_at ON rum_unverified (at);
