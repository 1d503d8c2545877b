-- Issue 16 item 5: canary releases. A published version of a remote served to a stable share of borrowers (by a
-- hash of their device id or of a first-party cookie) while the live version (release_live) serves the rest, until
-- `pnpm promote` makes it live, `pnpm rollback` ends it, or the judge (src/releases/canary-judge.ts) ends it by
-- itself when its real-user numbers (rum_events, migration 018) are worse than the live version's by a margin.
-- Expand-only (docs/deploy.md "Migrations"): two new tables; release_history and its CHECK are unchanged (a
-- canary that starts or ends switches nothing live; a promote is a 'release' switch there).

-- The running canary of each remote: at most one per remote (the primary key).
CREATE TABLE release_canary (
  app           text PRIMARY KEY,
  version       text NOT NULL,
  -- The share of borrowers (cohort bucket 0..99 below this) who get the canary.
  percent       integer NOT NULL CHECK (percent BETWEEN 1 AND 99),
  -- The judge waits for this many canary page views before it judges.
  min_views     integer NOT NULL CHECK (min_views BETWEEN 1 AND 1000000),
  -- The version that was live when the canary started (the judge compares against the live version of now).
  live_version  text NOT NULL,
  started_at    timestamptz NOT NULL,
  started_by    text NOT NULL,
  FOREIGN KEY (app, version) REFERENCES release_versions (app, version)
);

-- Every canary event: started, promoted, ended by hand or by the judge (with its numbers in `reason`).
CREATE TABLE release_canary_history (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at           timestamptz NOT NULL,
  app          text NOT NULL,
  version      text NOT NULL,
  live_version text,
  percent      integer,
  action       text NOT NULL CHECK (action IN ('canary', 'promote', 'rollback', 'auto-rollback')),
  actor        text NOT NULL,
  reason       text
);
CREATE INDEX release_canary_history_app ON release_canary_history (app, id);
