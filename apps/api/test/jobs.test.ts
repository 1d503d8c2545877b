import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import type { Db, Queryable } from '../src/db/types.ts';
import { manualClock } from '../src/lib/clock.ts';
import { TempFolderStorage } from '../src/providers/storage.ts';
import { HOUSEKEEPING_JOBS, runJobOnce, startJobs, type PeriodicJob } from '../src/services/jobs.ts';
import { addBorrower, BACKENDS, openTestDb, type TestDb } from './helpers/setup.ts';

// Issue 15 item 6: periodic jobs run once per cluster. PostgreSQL: an advisory lock and job_runs decide which
// instance runs a job and when; PGlite (one process) runs it directly, with the same period rule.

const HOUR = 60 * 60 * 1000;
const T0 = new Date('2026-03-02T03:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = { info() {}, error() {}, warn() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent' } as never;

/** A job that counts its runs (in the database, so a rolled-back run does not count) and takes `ms`. */
function countingJob(name: string, ms = 0, fail = false): PeriodicJob {
  return {
    name,
    periodMs: HOUR,
    async run(q: Queryable) {
      await q.query(
        `INSERT INTO app_settings (key, value) VALUES ($1, '1')
         ON CONFLICT (key) DO UPDATE SET value = (app_settings.value::int + 1)::text`,
        [`test_count_${name}`],
      );
      if (ms > 0) await sleep(ms);
      if (fail) throw new Error('job failed on purpose');
    },
  };
}

async function count(db: Queryable, name: string): Promise<number> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [`test_count_${name}`]);
  return row ? Number(row.value) : 0;
}

describe.each(BACKENDS)('periodic jobs (%s)', (backend) => {
  let t: TestDb;
  let db: Db;
  const deps = { storage: new TempFolderStorage() };
  beforeAll(async () => {
    t = await openTestDb(backend);
    db = t.db;
    await migrate(db);
  });
  afterAll(() => t?.cleanup());

  it('runs once per period: due at first, not again within the hour, again after it; recorded in job_runs', async () => {
    const job = countingJob('period');
    expect(await runJobOnce(db, job, T0, deps)).toBe('ran');
    expect(await runJobOnce(db, job, T0, deps)).toBe('not-due');
    expect(await runJobOnce(db, job, at(30 * 60 * 1000), deps)).toBe('not-due');
    // A timer firing a little early (within a minute of the hour) still counts as the next period.
    expect(await runJobOnce(db, job, at(HOUR - 30_000), deps)).toBe('ran');
    expect(await count(db, 'period')).toBe(2);
    const [row] = await db.query<{ last_run_at: Date; runs: number }>('SELECT last_run_at, runs FROM job_runs WHERE name = $1', ['period']);
    expect(row).toEqual({ last_run_at: at(HOUR - 30_000), runs: 2 });
  });

  it('a failing job stays due (its work and its record roll back on PostgreSQL)', async () => {
    const job = countingJob('failing', 0, true);
    await expect(runJobOnce(db, job, T0, deps)).rejects.toThrow('job failed on purpose');
    expect(await db.query('SELECT 1 FROM job_runs WHERE name = $1', ['failing'])).toEqual([]);
    if (backend === 'pg') expect(await count(db, 'failing')).toBe(0);
  });

  it('the housekeeping jobs do their work through the scheduler (expired sessions purged)', async () => {
    const borrower = await addBorrower(db, '13800009901');
    await db.query('INSERT INTO sessions (token_hash, borrower_id, expires_at) VALUES ($1, $2, $3), ($4, $2, $5)', [
      'jobs-expired',
      borrower,
      at(-60_000),
      'jobs-live',
      at(HOUR),
    ]);
    const jobs = startJobs({ db, deps, log: silent, clock: manualClock(T0), tickMs: 24 * HOUR });
    try {
      // The round at start.
      expect(await jobs.first).toEqual({ 'purge-expired': 'ran', 'purge-unattached-images': 'ran' });
      expect(await jobs.tick()).toEqual({ 'purge-expired': 'not-due', 'purge-unattached-images': 'not-due' });
    } finally {
      await jobs.stop();
    }
    const left = await db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE token_hash LIKE $1 ORDER BY 1', ['jobs-%']);
    expect(left.map((r) => r.token_hash)).toEqual(['jobs-live']);
  });

  if (backend === 'pg')
    it('two instances on one database: each job runs once, the other skips (locked or not due)', async () => {
      const other = await t.openAnother();
      await db.query('DELETE FROM job_runs');
      // Two instances' schedulers ticking at the same moment, the real housekeeping jobs plus a slow one.
      const jobs = [...HOUSEKEEPING_JOBS, countingJob('slow', 500)];
      const a = startJobs({ db, jobs, deps, log: silent, clock: manualClock(at(5 * HOUR)), tickMs: 24 * HOUR });
      const b = startJobs({ db: other, jobs, deps, log: silent, clock: manualClock(at(5 * HOUR)), tickMs: 24 * HOUR });
      try {
        // Their rounds at start, under the lock.
        const [ra, rb] = await Promise.all([a.first, b.first]);
        for (const job of jobs) {
          const outcomes = [ra[job.name], rb[job.name]];
          expect(
            outcomes.filter((o) => o === 'ran'),
            `${job.name}: ${outcomes.join(', ')}`,
          ).toHaveLength(1);
          expect(outcomes.filter((o) => o === 'locked' || o === 'not-due')).toHaveLength(1);
        }
        // While one instance ran the slow job the other found it locked.
        expect([ra.slow, rb.slow].sort()).toEqual(['locked', 'ran']);
        expect(await count(db, 'slow')).toBe(1);
        const runs = await db.query<{ name: string; runs: number }>('SELECT name, runs FROM job_runs ORDER BY name');
        expect(runs).toEqual([
          { name: 'purge-expired', runs: 1 },
          { name: 'purge-unattached-images', runs: 1 },
          { name: 'slow', runs: 1 },
        ]);
        // Many concurrent offers of one due job: exactly one runs.
        const many = await Promise.all(
          Array.from({ length: 8 }, (_, i) => runJobOnce(i % 2 ? other : db, countingJob('many', 200), at(9 * HOUR), deps)),
        );
        expect(many.filter((o) => o === 'ran')).toHaveLength(1);
        expect(await count(db, 'many')).toBe(1);
      } finally {
        await a.stop();
        await b.stop();
      }
    });

  if (backend === 'pglite')
    it('PGlite runs the job directly (one process: no lock to take)', async () => {
      const job = countingJob('direct');
      const outcomes = await Promise.all([runJobOnce(db, job, at(20 * HOUR), deps), runJobOnce(db, job, at(20 * HOUR), deps)]);
      // Both offers reached the period check one after the other on PGlite's single connection: one ran.
      expect(outcomes.filter((o) => o === 'ran').length).toBeGreaterThanOrEqual(1);
      expect(await count(db, 'direct')).toBe(outcomes.filter((o) => o === 'ran').length);
    });

  it('a round at start, then one every tickMs (issue 36: deploys more often than hourly never purged)', async () => {
    const job = countingJob('at-start');
    const clock = manualClock(at(60 * HOUR));
    const jobs = startJobs({ db, jobs: [job], deps, log: silent, clock, tickMs: 300 });
    try {
      // Offered at once, without a tick from anyone: a restart does not push the purge an interval away.
      expect(await jobs.first).toEqual({ 'at-start': 'ran' });
      expect(await count(db, 'at-start')).toBe(1);
      // Then by the timer: not due within the period, due after it.
      await sleep(450);
      expect(await count(db, 'at-start')).toBe(1);
      clock.advance(HOUR);
      for (let i = 0; i < 50 && (await count(db, 'at-start')) < 2; i++) await sleep(100);
      expect(await count(db, 'at-start')).toBe(2);
    } finally {
      await jobs.stop();
    }
    // Another instance starting within the period finds it done (job_runs): one run per period, however many starts.
    const again = startJobs({ db, jobs: [job], deps, log: silent, clock, tickMs: 24 * HOUR });
    expect(await again.first).toEqual({ 'at-start': 'not-due' });
    await again.stop();
  });

  it('stop() waits for a round in progress, and no round starts after it', async () => {
    const job = countingJob('stopping', 300);
    const jobs = startJobs({ db, jobs: [job], deps, log: silent, clock: manualClock(at(40 * HOUR)), tickMs: 24 * HOUR });
    const round = jobs.first;
    await sleep(50);
    await jobs.stop();
    expect(await count(db, 'stopping')).toBe(1);
    expect(await round).toEqual({ stopping: 'ran' });
    expect(await jobs.tick()).toEqual({});
  });
});
