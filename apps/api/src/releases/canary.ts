import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { RemoteDeclaration } from '@lendview/vite-config/declaration';
import { ReleaseError, SHELL_APP, type Declaration } from './builds.ts';
import { findVersion, liveReleases, setLive, switchUnderLock } from './catalog.ts';
import * as service from './service.ts';
import { DEFAULT_STEP_VIEWS, stepWeights } from './canary-analysis.ts';
import {
  addCanaryEvent,
  canaryOf,
  deleteCanary,
  deleteCanaryStarted,
  insertCanary,
  runningCanaries as runningCanaryRows,
  type CanaryAction,
  type CanaryRow,
} from '../repositories/canary.ts';
import {
  assertFitsLive,
  assertRoutesFree,
  listReleases,
  publishReleaseLocked,
  readBuild,
  withReleaseLock,
  type ReleaseContext,
} from './service.ts';

/**
 * Canary releases (issue 16 item 5; docs/releasing.md "Canary"; migration 019_canary.sql). `pnpm release <remote>
 * --canary <percent>` publishes a version with the same checks as a release and serves it to a stable share of
 * borrowers instead of making it live; `pnpm promote <remote>` makes it live, `pnpm rollback <remote>` ends it
 * (live unchanged), and the judge (canary-judge.ts) walks it through its steps (canary-analysis.ts: 5 -> 25 -> 50 %),
 * promotes it after the last, or ends it on a significant regression against the live version. One canary per
 * remote. Who gets it: cohortBucket below. The rows: repositories/canary.ts.
 */

/** Canary page views each step needs before its analysis, without `--min-views` (canary-analysis.ts). */
export const DEFAULT_MIN_VIEWS = DEFAULT_STEP_VIEWS;
export { canaryHistory, canaryOf, type CanaryAction, type CanaryEvent, type CanaryRow } from '../repositories/canary.ts';

export interface RunningCanary extends CanaryRow {
  /** The canary version's federation name and declaration (routes: /remotes.json). */
  name: string;
  declaration: Declaration;
}

// --- Who gets the canary ---------------------------------------------------------------------------------------

/**
 * The borrower's bucket for one remote, 0..99: sha256 of the app and the cohort key (the device id, else the
 * first-party cohort cookie). The same key always falls in the same bucket, on every instance; the app is part
 * of the hash so that the 10 % of one remote's canary are not always the same borrowers as another's.
 */
export function cohortBucket(app: string, key: string): number {
  const digest = createHash('sha256').update(`${app}\n${key}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** Whether a borrower with this cohort key gets the canary of `app` running at `percent`. */
export function inCanary(app: string, key: string, percent: number): boolean {
  return cohortBucket(app, key) < percent;
}

// --- Reading ---------------------------------------------------------------------------------------------------

/** Every running canary with its version's name and declaration (one query; /remotes.json reads it per request). */
export async function runningCanaries(q: Queryable): Promise<RunningCanary[]> {
  return (await runningCanaryRows(q)) as RunningCanary[];
}

/**
 * Ends the canary `app`@`version` started at `startedAt` (only that one: a canary started again in between is not
 * touched) and records why. Returns false when it had already ended (promoted, rolled back, or judged on another
 * instance). Used by the judge, which needs no release lock: deleting the row is the whole change, and promote
 * deletes it under FOR UPDATE in its own transaction, so exactly one of them wins.
 */
export async function endCanaryRow(
  q: Queryable,
  row: Pick<CanaryRow, 'app' | 'version' | 'started_at' | 'percent' | 'live_version'>,
  e: { action: Extract<CanaryAction, 'rollback' | 'auto-rollback'>; actor: string; reason: string | null; at: Date },
): Promise<boolean> {
  if (!(await deleteCanaryStarted(q, row))) return false;
  await addCanaryEvent(q, {
    at: e.at,
    app: row.app,
    version: row.version,
    live_version: row.live_version,
    percent: row.percent,
    action: e.action,
    actor: e.actor,
    reason: e.reason,
  });
  return true;
}

// --- Commands --------------------------------------------------------------------------------------------------

const nowOf = (ctx: ReleaseContext) => (ctx.now ? ctx.now() : new Date());

export interface CanaryResult {
  app: string;
  version: string;
  percent: number;
  minViews: number;
  /** The weights of the steps the judge walks it through (the first is `percent`). */
  steps: number[];
  live: string;
  published: service.PublishOutcome;
}

/**
 * `pnpm release <remote> --canary <percent> [--min-views N]`: the checks of a release (fits the live shell, owns
 * no other remote's route), publishes the version (immutable, like a release) and makes it the remote's canary
 * instead of live. Refused while the remote has a canary (one per remote), without a live version to compare
 * against, for the shell, and for the version that is live already.
 */
export async function releaseCanary(
  ctx: ReleaseContext,
  app: string,
  buildDir: string,
  opts: { percent: number; minViews?: number; expectedName?: string },
): Promise<CanaryResult> {
  if (app === SHELL_APP) throw new ReleaseError('the shell has no canary: release it with pnpm release shell');
  if (!Number.isInteger(opts.percent) || opts.percent < 1 || opts.percent > 99)
    throw new ReleaseError(`--canary takes a whole percentage from 1 to 99, not ${opts.percent}`);
  const minViews = opts.minViews ?? DEFAULT_MIN_VIEWS;
  if (!Number.isInteger(minViews) || minViews < 1 || minViews > 1_000_000)
    throw new ReleaseError(`--min-views takes a whole number from 1 to 1000000, not ${minViews}`);
  const steps = stepWeights(opts.percent);
  const build = readBuild(app, buildDir);
  if (opts.expectedName !== undefined && build.name !== opts.expectedName)
    throw new ReleaseError(`${buildDir} is a build of "${build.name}", not of ${opts.expectedName}`);
  if (build.kind !== 'remote') throw new ReleaseError(`${buildDir} is not a remote's build: only a remote has a canary`);
  return withReleaseLock(ctx, async (lock) => {
    const running = await canaryOf(ctx.db, app);
    if (running) {
      throw new ReleaseError(
        `${app} already has a canary: ${running.version} to ${running.percent}% since ${running.started_at.toISOString()}. ` +
          `One canary per remote: promote it (pnpm promote ${app}) or end it (pnpm rollback ${app}) first.`,
      );
    }
    const live = (await liveReleases(ctx.db)).find((r) => r.app === app);
    if (!live) throw new ReleaseError(`${app} has no live version to compare a canary with: release it (pnpm release ${app}) instead`);
    if (live.version === build.version) throw new ReleaseError(`${app} ${build.version} is the live version already`);
    await assertFitsLive(ctx, build);
    await assertRoutesFree(ctx, build);
    const published = await publishReleaseLocked(ctx, lock, build);
    const at = nowOf(ctx);
    await switchUnderLock(ctx.db, lock, async (tx) => {
      await insertCanary(tx, {
        app,
        version: build.version,
        percent: opts.percent,
        min_views: minViews,
        live_version: live.version,
        started_at: at,
        started_by: ctx.actor,
        steps,
      });
      await addCanaryEvent(tx, {
        at,
        app,
        version: build.version,
        live_version: live.version,
        percent: opts.percent,
        action: 'canary',
        actor: ctx.actor,
        reason: `steps ${steps.join(' -> ')} %, min views ${minViews} per step`,
      });
    });
    ctx.onSwitch?.();
    return { app, version: build.version, percent: opts.percent, minViews, steps, live: live.version, published };
  });
}

/**
 * `pnpm promote <remote>`: the canary becomes the live version (a 'release' switch in release_history, a
 * 'promote' event in the canary's history), after the same compatibility checks (the shell may have moved on).
 * The judge promotes through here too after the canary's last step (`auto`: an 'auto-promote' event with the
 * analysis in `reason`, and only the version it judged).
 */
export async function promote(
  ctx: ReleaseContext,
  app: string,
  auto?: { version: string; reason: string },
): Promise<{ app: string; version: string; previous: string | null }> {
  return withReleaseLock(ctx, async (lock) => {
    const running = await canaryOf(ctx.db, app);
    if (!running) throw new ReleaseError(`${app} has no canary to promote (pnpm remotes shows what runs)`);
    if (auto && running.version !== auto.version)
      throw new ReleaseError(`${app}: the canary is ${running.version} now, not ${auto.version}`);
    const row = await findVersion(ctx.db, app, running.version);
    if (!row) throw new ReleaseError(`${app} ${running.version} is not published`);
    await assertFitsLive(ctx, row);
    await assertRoutesFree(ctx, row);
    const at = nowOf(ctx);
    const previous = await switchUnderLock(ctx.db, lock, async (tx) => {
      if (!(await deleteCanary(tx, app, running.version)))
        throw new ReleaseError(`${app}: the canary ${running.version} ended meanwhile (the judge rolled it back?)`);
      const before = await setLive(tx, { app, name: row.name, version: row.version, action: 'release', actor: ctx.actor, at });
      await addCanaryEvent(tx, {
        at,
        app,
        version: running.version,
        live_version: before,
        percent: running.percent,
        action: auto ? 'auto-promote' : 'promote',
        actor: ctx.actor,
        reason: auto ? auto.reason : null,
      });
      return before;
    });
    ctx.onSwitch?.();
    return { app, version: running.version, previous };
  });
}

/** `pnpm rollback <remote>` while a canary runs: the canary ends, the live version stays (every borrower gets it again). */
export async function endCanary(
  ctx: ReleaseContext,
  app: string,
): Promise<{ app: string; version: string; live: string | null; percent: number }> {
  return withReleaseLock(ctx, async (lock) => {
    const running = await canaryOf(ctx.db, app);
    if (!running) throw new ReleaseError(`${app} has no canary`);
    const at = nowOf(ctx);
    await switchUnderLock(ctx.db, lock, (tx) => endCanaryRow(tx, running, { action: 'rollback', actor: ctx.actor, reason: null, at }));
    ctx.onSwitch?.();
    const live = (await liveReleases(ctx.db)).find((r) => r.app === app)?.version ?? null;
    return { app, version: running.version, live, percent: running.percent };
  });
}

/**
 * What `pnpm rollback <app> [version]` does: with a canary running, end it (naming a version as well is refused:
 * end the canary first); otherwise the rollback of a live version (service.ts).
 */
export async function rollbackOrEndCanary(
  ctx: ReleaseContext,
  app: string,
  version?: string,
): Promise<
  | { kind: 'rollback'; result: Awaited<ReturnType<typeof service.rollback>> }
  | { kind: 'canary-ended'; result: Awaited<ReturnType<typeof endCanary>> }
> {
  const running = await canaryOf(ctx.db, app);
  if (running && version !== undefined) {
    throw new ReleaseError(
      `${app} has a canary (${running.version} to ${running.percent}%): end it first (pnpm rollback ${app}), then roll the live version back`,
    );
  }
  if (running) return { kind: 'canary-ended', result: await endCanary(ctx, app) };
  return { kind: 'rollback', result: await service.rollback(ctx, app, version) };
}

/** `pnpm release <remote>` while the remote has a canary: refused (the canary would be judged against another live version). */
export async function assertNoCanary(ctx: Pick<ReleaseContext, 'db'>, app: string): Promise<void> {
  const running = await canaryOf(ctx.db, app);
  if (running) {
    throw new ReleaseError(
      `${app} has a canary (${running.version} to ${running.percent}%): promote it (pnpm promote ${app}) or end it (pnpm rollback ${app}) ` +
        'before releasing another version',
    );
  }
}

export type ListedWithCanary = Awaited<ReturnType<typeof listReleases>>[number] & {
  /** The canary's percentage when this version is the remote's running canary, else null. */
  canary: number | null;
};

/** `pnpm remotes`: listReleases plus the running canaries (their percentage on the canary version's row). */
export async function listWithCanaries(ctx: Pick<ReleaseContext, 'db'>): Promise<ListedWithCanary[]> {
  const [rows, canaries] = await Promise.all([listReleases(ctx), runningCanaries(ctx.db)]);
  return rows.map((r) => {
    const c = canaries.find((x) => x.app === r.remote && x.version === r.version);
    return { ...r, canary: c ? c.percent : null };
  });
}

/** The routes a remote's declaration lists (for /remotes.json). */
export function routesOfDeclaration(declaration: Declaration): string[] {
  const routes = (declaration as RemoteDeclaration & { routes?: unknown }).routes;
  return Array.isArray(routes) ? routes.filter((x): x is string => typeof x === 'string' && x.startsWith('/')) : [];
}
