-- Issue 16 item 4: real-user signals per remote version. What borrowers' browsers measured and hit, tagged with the
-- remote (app) and version that rendered the page, so a release can be judged by its own numbers (pnpm remotes
-- --health, the console's Releases page) and a canary compared with the live version (src/rum/health.ts).
-- No personal data: no borrower, no token, no address, no query string; page_id is a random id of one page load.
-- Expand-only (docs/deploy.md "Migrations").
CREATE TABLE rum_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL,
  app         text NOT NULL CHECK (app ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  version     text NOT NULL CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$'),
  -- The top-level route the remote rendered ('/loanDetails'), never a query string.
  route       text NOT NULL DEFAULT '' CHECK (length(route) <= 200),
  -- view: the remote rendered a page (the denominator); error: an uncaught error or unhandled rejection in it;
  -- lcp / inp in milliseconds, cls unitless (web-vitals).
  kind        text NOT NULL CHECK (kind IN ('view', 'error', 'lcp', 'inp', 'cls')),
  value       double precision CHECK (value IS NULL OR value >= 0),
  -- web-vitals attribution (target selector, phases) or the error (message, raw stack, symbolicated frames).
  detail      jsonb CHECK (detail IS NULL OR jsonb_typeof(detail) = 'object'),
  page_id     text NOT NULL CHECK (page_id ~ '^[A-Za-z0-9_-]{8,64}$')
);
CREATE INDEX rum_events_version ON rum_events (app, version, kind, at);
CREATE INDEX rum_events_at ON rum_events (at);
