import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import { versionHealth, type VersionHealth } from '../rum/health.ts';
import { runJobOnce, type PeriodicJob } from '../services/jobs.ts';
import { liveVersionOf } from './catalog.ts';
import { DEFAULT_MIN_VIEWS, endCanaryRow, runningCanaries, type RunningCanary } from './canary.ts';
import { processEnv } from '../env.ts';

/**
 * The canary's judge (issue 16 item 5; docs/releasing.md "Canary"; decisions.md). Every CANARY_CHECK_SECONDS each
 * instance offers the job to runJobOnce (services/jobs.ts: an advisory lock and job_runs on PostgreSQL, so the
 * cluster judges once per period), which compares each running canary with the live version of its remote on
 * real-user numbers since the canary started (rum/health.ts versionHealth):
 *
 * - fewer canary page views than the canary's minimum sample (`--min-views`, CANARY_MIN_VIEWS, 200): wait;
 * - canary error rate > live error rate + CANARY_ERROR_MARGIN (0.02; the live rate counts as 0 with no live views),
 *   or, with at least half the minimum sample of LCP values on both sides, canary LCP p75 > live LCP p75 ×
 *   (1 + CANARY_LCP_MARGIN, 0.25): the canary ends by itself (release_canary_history: 'auto-rollback', actor
 *   'canary-judge', the numbers in the reason), a warn log line and lendview_canary_rollbacks_total;
 * - otherwise it keeps running (a person promotes it).
 *
 * Ending a canary changes nothing for borrowers on the live version: they never had the canary.
 */
export const JUDGE_ACTOR = 'canary-judge';
export const JUDGE_JOB = 'canary-judge';

export interface CanaryConfig {
  checkSeconds: number;
  minViews: number;
  errorMargin: number;
  lcpMargin: number;
}

/** Without any CANARY_* setting. */
const DEFAULTS: CanaryConfig = { checkSeconds: 30, minViews: DEFAULT_MIN_VIEWS, errorMargin: 0.02, lcpMargin: 0.25 };

/** CANARY_CHECK_SECONDS, CANARY_MIN_VIEWS, CANARY_ERROR_MARGIN, CANARY_LCP_MARGIN; throws naming a bad value. */
export function canaryConfigOf(env: NodeJS.ProcessEnv = processEnv()): CanaryConfig {
  const num = (name: string, fallback: number, ok: (n: number) => boolean, what: string) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || !ok(n)) throw new Error(`${name} "${raw}" must be ${what}`);
    return n;
  };
  return {
    checkSeconds: num('CANARY_CHECK_SECONDS', DEFAULTS.checkSeconds, (n) => n >= 0.2 && n <= 3600, 'a number of seconds from 0.2 to 3600'),
    minViews: num('CANARY_MIN_VIEWS', DEFAULTS.minViews, (n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000, 'a whole number from 1'),
    errorMargin: num('CANARY_ERROR_MARGIN', DEFAULTS.errorMargin, (n) => n >= 0 && n < 1, 'a share from 0 to 1 (0.02 = 2 points)'),
    lcpMargin: num('CANARY_LCP_MARGIN', DEFAULTS.lcpMargin, (n) => n >= 0 && n <= 10, 'a share from 0 (0.25 = 25 % slower)'),
  };
}

export type Verdict = { verdict: 'wait' | 'healthy' | 'rollback'; reason: string };

/** Below this a difference is float noise: a canary exactly at the margin is not worse than it. */
const EPSILON = 1e-9;

const pct = (rate: number) => `${(rate * 100).toFixed(2)} %`;

/** The rule, on the two versions' numbers (pure: the tests drive its edges). */
export function judge(
  canary: VersionHealth,
  live: VersionHealth,
  minViews: number,
  cfg: Pick<CanaryConfig, 'errorMargin' | 'lcpMargin'>,
): Verdict {
  if (canary.views < minViews) return { verdict: 'wait', reason: `${canary.views} canary views of the ${minViews} needed` };
  const canaryRate = canary.errorRate ?? 0;
  const liveRate = live.errorRate ?? 0;
  if (canaryRate > liveRate + cfg.errorMargin + EPSILON) {
    return {
      verdict: 'rollback',
      reason:
        `error rate ${pct(canaryRate)} (${canary.errorViews} of ${canary.views} views) > live ${live.version} ` +
        `${pct(liveRate)} (${live.errorViews} of ${live.views} views) + margin ${pct(cfg.errorMargin)}`,
    };
  }
  const lcpNeeded = Math.ceil(minViews / 2);
  if (
    canary.lcpP75 !== null &&
    live.lcpP75 !== null &&
    canary.lcpSamples >= lcpNeeded &&
    live.lcpSamples >= lcpNeeded &&
    canary.lcpP75 > live.lcpP75 * (1 + cfg.lcpMargin) + EPSILON
  ) {
    return {
      verdict: 'rollback',
      reason:
        `LCP p75 ${Math.round(canary.lcpP75)} ms (${canary.lcpSamples} samples) > live ${live.version} ${Math.round(live.lcpP75)} ms ` +
        `(${live.lcpSamples} samples) × ${(1 + cfg.lcpMargin).toFixed(2)}`,
    };
  }
  return {
    verdict: 'healthy',
    reason: `error rate ${pct(canaryRate)} vs live ${pct(liveRate)}; LCP p75 ${canary.lcpP75 === null ? '-' : Math.round(canary.lcpP75)} vs ${live.lcpP75 === null ? '-' : Math.round(live.lcpP75)} ms`,
  };
}

export interface Judged {
  app: string;
  version: string;
  live: string | null;
  verdict: Verdict['verdict'];
  reason: string;
  /** True when this run ended the canary (false also when another instance or a promote got there first). */
  ended: boolean;
  canary: VersionHealth;
  liveHealth: VersionHealth | null;
}

/** One round: every running canary judged against the live version of its remote now. */
export async function judgeCanaries(q: Queryable, now: Date, cfg: Pick<CanaryConfig, 'errorMargin' | 'lcpMargin'>): Promise<Judged[]> {
  const out: Judged[] = [];
  for (const c of await runningCanaries(q)) {
    const live = await liveVersionOf(q, c.app);
    const canary = await versionHealth(q, c.app, c.version, c.started_at);
    const liveHealth = live && live !== c.version ? await versionHealth(q, c.app, live, c.started_at) : null;
    const v = judge(canary, liveHealth ?? emptyHealth(c, live ?? c.live_version), c.min_views, cfg);
    let ended = false;
    if (v.verdict === 'rollback') {
      ended = await endCanaryRow(q, c, { action: 'auto-rollback', actor: JUDGE_ACTOR, reason: v.reason, at: now });
    }
    out.push({ app: c.app, version: c.version, live, verdict: v.verdict, reason: v.reason, ended, canary, liveHealth });
  }
  return out;
}

function emptyHealth(c: RunningCanary, version: string): VersionHealth {
  return {
    app: c.app,
    version,
    since: c.started_at,
    views: 0,
    errors: 0,
    errorViews: 0,
    errorRate: null,
    lcpP75: null,
    lcpSamples: 0,
    inpP75: null,
    inpSamples: 0,
    clsP75: null,
    clsSamples: 0,
  };
}

export interface CanaryJudge {
  /** One round now (the timer calls it every checkSeconds). */
  tick(): Promise<Judged[]>;
  stop(): Promise<void>;
}

/**
 * Starts the judge on this instance. Rounds never overlap on one instance; across instances runJobOnce lets one
 * of them judge per period. `onEnded` is told of each canary this instance ended (the metric).
 */
export function startCanaryJudge(options: {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  config?: CanaryConfig;
  onEnded?: (j: Judged) => void;
}): CanaryJudge {
  const cfg = options.config ?? canaryConfigOf();
  let judged: Judged[] = [];
  const job: PeriodicJob = {
    name: JUDGE_JOB,
    periodMs: Math.round(cfg.checkSeconds * 1000),
    run: async (q, now) => {
      judged = await judgeCanaries(q, now, cfg);
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
      if (!j.ended) continue;
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
