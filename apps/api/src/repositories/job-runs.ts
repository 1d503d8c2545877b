import type { Queryable } from '../db/types.ts';

/** job_runs (migration 017): when each periodic job last ran, cluster-wide (services/jobs.ts). */

/** Advisory lock namespace of the periodic jobs (the migrations use 7_301_001). */
export const JOB_LOCK = 7_301_002;

/**
 * Takes the job's transaction-scoped advisory lock if it is free (PostgreSQL): true when this transaction now holds
 * it. The key includes the schema, so databases sharing a server (tests: one schema each) do not contend.
 */
export async function tryJobLock(tx: Queryable, name: string): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>(
    "SELECT pg_try_advisory_xact_lock($1, hashtext(current_schema() || '.' || $2)) AS locked",
    [JOB_LOCK, name],
  );
  return row?.locked === true;
}

export async function jobLastRunAt(q: Queryable, name: string): Promise<Date | undefined> {
  const [row] = await q.query<{ last_run_at: Date }>('SELECT last_run_at FROM job_runs WHERE name = $1', [name]);
  return row?.last_run_at;
}

export async function recordJobRun(q: Queryable, name: string, at: Date, durationMs: number): Promise<void> {
  await q.query(
    `INSERT INTO job_runs (name, last_run_at, last_duration_ms, runs) VALUES ($1, $2, $3, 1)
     ON CONFLICT (name) DO UPDATE SET last_run_at = EXCLUDED.last_run_at, last_duration_ms = EXCLUDED.last_duration_ms,
       runs = job_runs.runs + 1`,
    [name, at, Math.min(Math.max(0, Math.round(durationMs)), 2_147_483_647)],
  );
}
