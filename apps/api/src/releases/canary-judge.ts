import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { advanceCanaryStep, addCanaryEvent } from '../repositories/canary.ts';
import { versionSamples, type VersionSamples } from '../repositories/rum.ts';
import { runJobOnce, type PeriodicJob } from '../services/jobs.ts';
import { ReleaseError } from './builds.ts';
import { liveVersionOf } from './catalog.ts';
import { decide, stepWeights, type Decision } from './canary-analysis.ts';
import { endCanaryRow, promote, runningCanaries, type RunningCanary } from './canary.ts';
import { processEnv } from '../env.ts';

/**
 * The canary's judge (issue 16 item 5, issue 36 item 5; docs/releasing.md "Canary"). Every CANARY_CHECK_SECONDS
 * each instance offers the job to runJobOnce (services/jobs.ts: an advisory lock and job_runs on PostgreSQL, so the
 * cluster judges once per period). For each running canary it reads the real-user events of the canary and of the
 * live version of its remote since the current step started (repositories/rum.ts versionSamples: counted events
 * only) and asks canary-analysis.ts decide():
 *
 * - wait: the step has fewer canary views than the canary's minimum per step (`--min-views`, 300);
 * - rollback: a one-sided test is significant (Fisher's exact on the error rate, Mann-Whitney U on LCP and INP):
 *   the canary ends by itself (release_canary_history 'auto-rollback', actor 'canary-judge', the numbers and p-value
 *   in the reason), a warn log line and lendview_canary_rollbacks_total;
 * - advance: the next step's weight becomes the canary's share ('step' event), its window starts now;
 * - promote: after the last step, the canary becomes live through promote() in canary.ts, the path of `pnpm
 *   promote` (the release lock, the same checks; an 'auto-promote' event, a 'release' switch by 'canary-judge').
 *
 * Ending a canary changes nothing for borrowers on the live version: they never had the canary.
 */
export const JUDGE_ACTOR = 'canary-judge';
export const JUDGE_JOB = 'canary-judge';

export interface CanaryConfig {
  checkSeconds: number;
}

/** Without any CANARY_* setting. */
const DEFAULTS: CanaryConfig = { checkSeconds: 30 };

/** CANARY_CHECK_SECONDS; throws naming a bad value. */
export function canaryConfigOf(env: NodeJS.ProcessEnv = processEnv()): CanaryConfig {
  const raw = env.CANARY_CHECK_SECONDS;
  if (raw === undefined || raw.trim() === '') return { ...DEFAULTS };
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0.2 || n > 3600)
    throw new Error(`CANARY_CHECK_SECONDS "${raw}" must be a number of seconds from 0.2 to 3600`);
  return { checkSeconds: n };
}

/** The weights of a running canary's steps (a canary started before migration 032: from its percentage). */
export function weightsOf(c: Pick<RunningCanary, 'steps' | 'percent' | 'step'>): number[] {
  if (c.steps && c.steps.length > c.step) return c.steps.map(Number);
  return stepWeights(c.percent);
}

export interface Judged {
  app: string;
  version: string;
  live: string | null;
  decision: Decision['decision'];
  reason: string;
  /** The weight of the step judged. */
  percent: number;
  /**
   * True when this run changed the canary: ended it (rollback), moved it to the next step (advance). A promote is
   * made after the job (toPromote), under the release lock.
   */
  changed: boolean;
  canary: VersionSamples;
  liveSamples: VersionSamples | null;
}

const NO_SAMPLES: VersionSamples = { views: 0, errorViews: 0, lcp: [], inp: [] };

/** One round: every running canary's current step analysed against the live version of its remote now. */
export async function judgeCanaries(q: Queryable, now: Date): Promise<Judged[]> {
  const out: Judged[] = [];
  for (const c of await runningCanaries(q)) {
    const since = c.step_started_at ?? c.started_at;
    const live = await liveVersionOf(q, c.app);
    const canary = await versionSamples(q, c.app, c.version, since);
    const liveSamples = live && live !== c.version ? await versionSamples(q, c.app, live, since) : null;
    const weights = weightsOf(c);
    const step = Math.min(c.step, weights.length - 1);
    const d = decide({
      step,
      weights,
      minViews: c.min_views,
      canary,
      live: liveSamples ?? NO_SAMPLES,
      liveVersion: live ?? c.live_version,
    });
    let changed = false;
    if (d.decision === 'rollback') {
      changed = await endCanaryRow(q, c, { action: 'auto-rollback', actor: JUDGE_ACTOR, reason: d.reason, at: now });
    } else if (d.decision === 'advance') {
      changed = await advanceCanaryStep(q, c, { percent: d.weight, at: now });
      if (changed) {
        await addCanaryEvent(q, {
          at: now,
          app: c.app,
          version: c.version,
          live_version: live,
          percent: d.weight,
          action: 'step',
          actor: JUDGE_ACTOR,
          reason: d.reason,
        });
      }
    }
    out.push({
      app: c.app,
      version: c.version,
      live,
      decision: d.decision,
      reason: d.reason,
      percent: c.percent,
      changed,
      canary,
      liveSamples,
    });
  }
  return out;
}

export interface CanaryJudge {
  /** One round now (the timer calls it every checkSeconds). */
  tick(): Promise<Judged[]>;
  stop(): Promise<void>;
}

/**
 * Starts the judge on this instance. Rounds never overlap on one instance; across instances runJobOnce lets one
 * of them judge per period. A canary whose last step passed is promoted after the job (outside its transaction:
 * promote takes the release lock on its own connection), with `storage` and `onSwitch` as the release control
 * gives them to `pnpm promote`. `onEnded` is told of each canary this instance rolled back (the metric).
 */
export function startCanaryJudge(options: {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  storage: StorageProvider;
  config?: CanaryConfig;
  onEnded?: (j: Judged) => void;
  onSwitch?: () => void;
}): CanaryJudge {
  const cfg = options.config ?? canaryConfigOf();
  let judged: Judged[] = [];
  const job: PeriodicJob = {
    name: JUDGE_JOB,
    periodMs: Math.round(cfg.checkSeconds * 1000),
    run: async (q, now) => {
      judged = await judgeCanaries(q, now);
    },
  };
  let current: Promise<Judged[]> | undefined;
  let stopped = false;
  const round = async (): Promise<Judged[]> => {
    if (stopped) return [];
    judged = [];
    try {
      const outcome = await runJobOnce(options.db, job, options.clock.now(), { storage: undefined as never });
      if (outcome !== 'ran') return [];
    } catch (err) {
      options.log.error({ err, job: JUDGE_JOB }, 'canary judge failed');
      return [];
    }
    for (const j of judged) {
      if (j.decision === 'promote') {
        try {
          await promote(
            {
              db: options.db,
              storage: options.storage,
              actor: JUDGE_ACTOR,
              now: () => options.clock.now(),
              ...(options.onSwitch ? { onSwitch: options.onSwitch } : {}),
            },
            j.app,
            { version: j.version, reason: j.reason },
          );
          j.changed = true;
          options.log.info(
            { app: j.app, version: j.version, reason: j.reason, actor: JUDGE_ACTOR },
            `canary ${j.app} ${j.version} promoted automatically: ${j.reason}`,
          );
        } catch (err) {
          // Ended or promoted meanwhile (a person, another instance), or it no longer fits what is live: it stays a
          // canary at its last step and is judged again next round.
          if (err instanceof ReleaseError) options.log.warn({ app: j.app, version: j.version, err: err.message }, 'canary not promoted');
          else options.log.error({ err, app: j.app, version: j.version }, 'canary promote failed');
        }
        continue;
      }
      if (j.decision === 'advance' && j.changed) {
        options.log.info(
          { app: j.app, version: j.version, reason: j.reason, actor: JUDGE_ACTOR },
          `canary ${j.app} ${j.version} to its next step: ${j.reason}`,
        );
      }
      if (j.decision !== 'rollback' || !j.changed) continue;
      options.log.warn(
        { app: j.app, version: j.version, live: j.live, reason: j.reason, actor: JUDGE_ACTOR },
        `canary ${j.app} ${j.version} rolled back automatically: ${j.reason}`,
      );
      options.onEnded?.(j);
    }
    return judged;
  };
  const tick = () => {
    const next = (current ?? Promise.resolve([])).then(round, round);
    current = next;
    return next;
  };
  const timer = setInterval(() => void tick(), job.periodMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current?.catch(() => {});
    },
  };
}
