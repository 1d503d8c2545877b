-- Issue 15 item 6: periodic jobs run once per cluster (src/services/jobs.ts). One row per job: when it last
-- ran (the instance that took the job's advisory lock writes it in the same transaction as the job's work),
-- so another instance ticking later in the same period skips it. Expand-only (docs/deploy.md "Migrations").
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  last_run_at timestamptz NOT NULL,
  last_duration_ms integer NOT NULL DEFAULT 0,
  runs bigint NOT NULL DEFAULT 0
);
