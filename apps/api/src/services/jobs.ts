import type { FastifyBaseLogger } from 'fastify';
import { purgeExpired } from './maintenance.ts';
import type { Db, Queryable } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { JOB_LOCK, jobLastRunAt, recordJobRun, tryJobLock } from '../repositories/job-runs.ts';
import { purgeRumEvents } from '../repositories/rum.ts';
import { purgeUnattachedImages } from './complaint-images.ts';

/**
 * Periodic jobs, run once per cluster (issue 15 item 6; docs/deploy.md "Background jobs").
 *
 * Every instance offers each job to `runJobOnce` when it starts, then every hour (`tickMs`):
 * - PostgreSQL: one transaction takes `pg_try_advisory_xact_lock(JOB_LOCK, hashtext(schema.job))`; an instance
 *   that does not get it skips (another one is running the job now). The holder reads job_runs: a job that
 *   ran less than a period ago (minus a small slack, for timers that fire a little early) is skipped; otherwise
 *   the job's work and its job_runs row commit together (a failed job rolls back and stays due). So however
 *   many instances there are, each job runs once per period, never twice at the same time.
 * - PGlite (one process by construction: its data folder is locked): no lock; the job runs directly on the
 *   database (not inside a transaction, which would hold PGlite's only connection), with the same period rule.
 */
export { JOB_LOCK };
const HOUR_MS = 60 * 60 * 1000;

export interface JobDeps {
  storage: StorageProvider;
}

export interface PeriodicJob {
  /** job_runs.name and part of the advisory lock key. */
  name: string;
  periodMs: number;
  run(q: Queryable, now: Date, deps: JobDeps): Promise<unknown>;
}

/** The housekeeping the server runs (formerly a bare setInterval in server.ts). */
export const HOUSEKEEPING_JOBS: readonly PeriodicJob[] = [
  {
    name: 'purge-expired',
    periodMs: HOUR_MS,
    run: async (q, now) => {
      await purgeExpired(q, now);
      // Real-user signals are kept 30 days (repositories/rum.ts RUM_RETENTION_DAYS; docs/releasing.md).
      await purgeRumEvents(q, now);
    },
  },
  { name: 'purge-unattached-images', periodMs: HOUR_MS, run: (q, now, deps) => purgeUnattachedImages(q, deps.storage, now) },
];

export type JobOutcome = 'ran' | 'locked' | 'not-due';

const slackOf = (periodMs: number) => Math.min(60_000, Math.floor(periodMs / 10));

async function due(q: Queryable, job: PeriodicJob, now: Date): Promise<boolean> {
  const last = await jobLastRunAt(q, job.name);
  return !last || now.getTime() - last.getTime() >= job.periodMs - slackOf(job.periodMs);
}

/** Offers one job to this instance: 'ran', 'locked' (another instance has it now) or 'not-due'. Throws when the job fails. */
export async function runJobOnce(db: Db, job: PeriodicJob, now: Date, deps: JobDeps): Promise<JobOutcome> {
  if (db.kind === 'pglite') {
    if (!(await due(db, job, now))) return 'not-due';
    const started = Date.now();
    await job.run(db, now, deps);
    await recordJobRun(db, job.name, now, Date.now() - started);
    return 'ran';
  }
  return db.transaction(async (tx) => {
    if (!(await tryJobLock(tx, job.name))) return 'locked';
    if (!(await due(tx, job, now))) return 'not-due';
    const started = Date.now();
    await job.run(tx, now, deps);
    await recordJobRun(tx, job.name, now, Date.now() - started);
    return 'ran';
  });
}

export interface JobScheduler {
  /**
   * The round offered at start: every instance offers the jobs when it starts, then every `tickMs`, so a cluster
   * deployed more often than hourly still purges (each start would otherwise push the first round an hour away).
   * The lock and job_runs keep it to one run per period across the cluster, whatever the number of starts.
   */
  first: Promise<Record<string, JobOutcome | 'failed'>>;
  /** One round now (every job offered once, in order); the timer calls it every `tickMs`. */
  tick(): Promise<Record<string, JobOutcome | 'failed'>>;
  /** No more rounds; resolves when a round in progress has finished (the database may then be closed). */
  stop(): Promise<void>;
}

export function startJobs(options: {
  db: Db;
  jobs?: readonly PeriodicJob[];
  deps: JobDeps;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Default an hour. */
  tickMs?: number;
}): JobScheduler {
  const jobs = options.jobs ?? HOUSEKEEPING_JOBS;
  let current: Promise<Record<string, JobOutcome | 'failed'>> | undefined;
  let stopped = false;

  const round = async () => {
    const outcomes: Record<string, JobOutcome | 'failed'> = {};
    for (const job of jobs) {
      if (stopped) break;
      try {
        outcomes[job.name] = await runJobOnce(options.db, job, options.clock.now(), options.deps);
        if (outcomes[job.name] === 'ran') options.log.info({ job: job.name }, 'job ran');
      } catch (err) {
        outcomes[job.name] = 'failed';
        options.log.error({ err, job: job.name }, 'job failed');
      }
    }
    return outcomes;
  };
  const tick = () => {
    // Rounds never overlap on one instance.
    const next = (current ?? Promise.resolve({})).then(round);
    current = next;
    return next;
  };
  const first = tick();
  const timer = setInterval(() => void tick(), options.tickMs ?? HOUR_MS);
  timer.unref();
  return {
    first,
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current?.catch(() => {});
    },
  };
}
