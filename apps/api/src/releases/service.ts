import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from '../db/types.ts';
import type { StorageProvider } from '../providers/storage.ts';
import {
  REMOTE_DECLARATION,
  SHELL_DECLARATION,
  compareVersions,
  incompatibilities,
  type RemoteDeclaration,
  type ShellDeclaration,
} from '@lendview/vite-config/declaration';
import {
  APP_NAME,
  ReleaseError,
  SHELL_APP,
  VERSION,
  cacheControlOf,
  contentEncodingOf,
  contentTypeOf,
  readBuildFiles,
  readRemoteBuild,
  readShellBuild,
  storageKeyOf,
  type Build,
} from './builds.ts';
import {
  addHistory,
  findVersion,
  history,
  insertVersion,
  listVersions,
  liveReleases,
  markReleased,
  replaceLocalVersion,
  setLive,
  switchUnderLock,
  takeReleaseLock,
  type ReleaseAction,
  type ReleaseLock,
  type ReleaseSource,
  type VersionRow,
} from './catalog.ts';
import { claimedRoutes, routeClashMessage, routeOwnership, type RouteClash } from './route-ownership.ts';

/**
 * Releasing, rolling back and listing remotes and the shell against the database (one truth for every
 * instance) and the storage provider (the bytes). Used by the release commands (src/cli/releases.ts), the
 * server's start (bootstrap: the initial shell, the folder layout imported) and the release control of a server
 * that holds the embedded database (control.ts). docs/releasing.md.
 */
export interface ReleaseContext {
  db: Db;
  storage: StorageProvider;
  /** Who: RELEASED_BY or user@host. */
  actor: string;
  now?: () => Date;
  /** Progress lines for the person running the command. */
  say?: (line: string) => void;
  /** Called after every switch (the server drops what it cached about live versions). */
  onSwitch?: () => void;
}

const nowOf = (ctx: ReleaseContext) => (ctx.now ? ctx.now() : new Date());

/** Uploads at once: enough to hide an object store's latency, few enough for a small machine. */
const UPLOAD_CONCURRENCY = 8;

async function uploadFiles(ctx: ReleaseContext, build: Build) {
  const paths = Object.keys(build.files);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      await ctx.storage.put(storageKeyOf(build.app, build.version, path), readFileSync(join(build.dir, path)), contentTypeOf(path), {
        cacheControl: cacheControlOf(build.kind, path),
        ...(contentEncodingOf(path) ? { contentEncoding: contentEncodingOf(path) } : {}),
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, paths.length) }, worker));
}

export type PublishOutcome = 'published' | 'identical' | 'replaced' | 'kept-release';

function rowOf(build: Build, source: ReleaseSource, ctx: ReleaseContext): VersionRow {
  return {
    app: build.app,
    version: build.version,
    kind: build.kind,
    name: build.name,
    digest: build.digest,
    declaration: build.declaration,
    files: build.files,
    source,
    published_at: nowOf(ctx),
    published_by: ctx.actor,
  };
}

/**
 * Publishes `build` as `<app>/<version>` once, under the lock: files first, then the row (a version is served
 * only once its row exists, so a half-uploaded version is never seen). The same version with the same bytes is a
 * no-op ('identical'); with other bytes it is refused: a published version is immutable, a change needs a new
 * version. `source: 'local'` (pnpm start) replaces an earlier local build of the same version instead, and
 * keeps a released version as it is ('kept-release').
 */
async function publishLocked(ctx: ReleaseContext, lock: ReleaseLock, build: Build, source: ReleaseSource): Promise<PublishOutcome> {
  const existing = await findVersion(ctx.db, build.app, build.version);
  if (existing && existing.kind !== build.kind) throw new ReleaseError(`${build.app} ${build.version} is published as a ${existing.kind}`);
  if (existing && existing.digest === build.digest) {
    if (source === 'release' && existing.source === 'local')
      await switchUnderLock(ctx.db, lock, (tx) => markReleased(tx, build.app, build.version));
    return 'identical';
  }
  if (existing && (source !== 'local' || existing.source !== 'local')) {
    if (source === 'local') return 'kept-release';
    throw new ReleaseError(
      `${build.app} ${build.version} is already published with different content (${ctx.storage.describe()}). Published versions never change: ` +
        `bump the version (pnpm changeset, then pnpm version-remote ${build.app}) and release again.`,
    );
  }
  await uploadFiles(ctx, build);
  const row = rowOf(build, source, ctx);
  await switchUnderLock(ctx.db, lock, (tx) => (existing ? replaceLocalVersion(tx, row) : insertVersion(tx, row)));
  return existing ? 'replaced' : 'published';
}

async function goLiveLocked(
  ctx: ReleaseContext,
  lock: ReleaseLock,
  target: { app: string; name: string; version: string },
  action: ReleaseAction,
): Promise<string | null> {
  const previous = await switchUnderLock(ctx.db, lock, (tx) => setLive(tx, { ...target, action, actor: ctx.actor, at: nowOf(ctx) }));
  ctx.onSwitch?.();
  return previous;
}

async function withLock<T>(ctx: ReleaseContext, fn: (lock: ReleaseLock) => Promise<T>): Promise<T> {
  const lock = await takeReleaseLock(ctx.db, ctx.actor);
  try {
    return await fn(lock);
  } finally {
    await lock.release().catch(() => {});
  }
}

// --- Compatibility (the checks `pnpm release` always made: packages/vite-config/declaration.mjs) --------------

function shellProblemsFor(remote: { app: string; version: string; declaration: RemoteDeclaration }, shell: ShellDeclaration) {
  return incompatibilities(remote.declaration, shell);
}

/** Refuses a remote that the live shell cannot run, naming each package, what it needs and what the shell provides. */
async function assertRemoteFitsLiveShell(ctx: ReleaseContext, remote: { app: string; version: string; declaration: RemoteDeclaration }) {
  const live = (await liveReleases(ctx.db)).find((r) => r.app === SHELL_APP);
  if (!live) {
    throw new ReleaseError(
      `${remote.app} ${remote.version} cannot go live: no shell is live to check it against. Release the shell first (pnpm release shell).`,
    );
  }
  const shell = live.declaration as ShellDeclaration;
  if (!shell.shared) {
    throw new ReleaseError(
      `the live shell ${live.version} declares no shared versions: release a shell built with @lendview/vite-config first`,
    );
  }
  const problems = shellProblemsFor(remote, shell);
  if (problems.length > 0) {
    throw new ReleaseError(
      `${remote.declaration.name} ${remote.version} cannot go live on the live shell ${live.version} (${shell.package} ${shell.version}):\n` +
        problems.map((p) => `  - ${p}`).join('\n') +
        `\nRelease a shell that provides these first, or build the remote against what the shell provides.`,
    );
  }
}

/** Refuses a shell that a live remote cannot run on (a remote is never left on a shell it does not fit). */
async function assertShellFitsLiveRemotes(ctx: ReleaseContext, shell: { version: string; declaration: ShellDeclaration }) {
  const remotes = (await liveReleases(ctx.db)).filter((r) => r.kind === 'remote');
  const lines: string[] = [];
  for (const r of remotes) {
    const problems = shellProblemsFor(
      { app: r.app, version: r.version, declaration: r.declaration as RemoteDeclaration },
      shell.declaration,
    );
    if (problems.length > 0) lines.push(`  ${r.app} ${r.version}:`, ...problems.map((p) => `    - ${p}`));
  }
  if (lines.length > 0) {
    throw new ReleaseError(
      `shell ${shell.version} cannot go live: live remotes do not fit it:\n${lines.join('\n')}\n` +
        'Release remotes built against this shell first, or build the shell so that it provides what they need.',
    );
  }
}

async function assertFits(ctx: ReleaseContext, target: { app: string; kind: 'remote' | 'shell'; version: string; declaration: unknown }) {
  if (target.kind === 'shell')
    await assertShellFitsLiveRemotes(ctx, { version: target.version, declaration: target.declaration as ShellDeclaration });
  else
    await assertRemoteFitsLiveShell(ctx, {
      app: target.app,
      version: target.version,
      declaration: target.declaration as RemoteDeclaration,
    });
}

// --- Commands ---------------------------------------------------------------------------------------------------

/** Reads a build folder of `app` (the shell when app is 'shell'). */
export function readBuild(app: string, dir: string): Build {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ReleaseError(`${dir} is not a folder`);
  return app === SHELL_APP ? readShellBuild(dir) : readRemoteBuild(dir, app);
}

export interface ReleaseResult {
  app: string;
  version: string;
  published: PublishOutcome;
  previous: string | null;
}

/**
 * `pnpm release <app>`: checks the build against what is live (before anything is written), publishes it once
 * and switches the app to it. One release at a time (the lock); a refused release changes nothing.
 */
export async function release(ctx: ReleaseContext, app: string, buildDir: string, expectedName?: string): Promise<ReleaseResult> {
  const build = readBuild(app, buildDir);
  if (expectedName !== undefined && build.name !== expectedName)
    throw new ReleaseError(`${buildDir} is a build of "${build.name}", not of ${expectedName}`);
  return withLock(ctx, async (lock) => {
    await assertFits(ctx, build);
    await assertRoutesFree(ctx, build);
    const published = await publishLocked(ctx, lock, build, 'release');
    const previous = await goLiveLocked(ctx, lock, build, 'release');
    return { app, version: build.version, published, previous };
  });
}

/** The version live before `current`: the `previous` of the last switch that made `current` live. */
function previousOf(events: { version: string; previous: string | null }[], current: string): string | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.version === current && e.previous && e.previous !== current) return e.previous;
  }
  return undefined;
}

/**
 * `pnpm rollback <app> [version]`: switches back to a published version (without one: the version live before the
 * current one, from the history), after the same compatibility check as a release.
 */
export async function rollback(
  ctx: ReleaseContext,
  app: string,
  wanted?: string,
): Promise<{ app: string; version: string; previous: string | null }> {
  return withLock(ctx, async (lock) => {
    const live = (await liveReleases(ctx.db)).find((r) => r.app === app);
    const version = wanted ?? (live ? previousOf(await history(ctx.db, app), live.version) : undefined);
    if (!version) throw new ReleaseError(`${app}: no earlier live version in the history; name one (pnpm remotes lists them)`);
    const row = VERSION.test(version) ? await findVersion(ctx.db, app, version) : null;
    if (!row) {
      const published = (await listVersions(ctx.db, app)).map((v) => v.version);
      throw new ReleaseError(`${app} ${version} is not published; published: ${published.join(', ') || 'none'}`);
    }
    // The shell may have moved on since this version was live (or the remotes, for a shell): it must still fit.
    await assertFits(ctx, row);
    await assertRoutesFree(ctx, row);
    const previous = await goLiveLocked(ctx, lock, row, 'rollback');
    return { app, version, previous };
  });
}

export interface LocalBuild {
  app: string;
  dir: string;
}

/**
 * The local publish of `pnpm start` (scripts/publish-remotes.mjs): every local build (the shell included) is
 * published and goes live, action 'start'. A local build is not a release: it replaces the earlier local build
 * of the same version. A version that was released is never replaced: it stays as released, and the command
 * says so.
 */
export async function publishLocal(
  ctx: ReleaseContext,
  builds: LocalBuild[],
): Promise<{ app: string; version: string; outcome: PublishOutcome }[]> {
  const read = builds.map((b) => readBuild(b.app, b.dir));
  return withLock(ctx, async (lock) => {
    // Refused as a whole, before anything is uploaded or switched (docs/decisions.md "Route ownership").
    await assertLocalRoutesFree(ctx, read);
    const out: { app: string; version: string; outcome: PublishOutcome }[] = [];
    for (const build of read) {
      const outcome = await publishLocked(ctx, lock, build, 'local');
      if (outcome === 'kept-release') {
        ctx.say?.(
          `publish: ${build.app} ${build.version} was released with other bytes than this local build; it stays as released (bump the version to publish the local build)`,
        );
      }
      await goLiveLocked(ctx, lock, build, 'start');
      out.push({ app: build.app, version: build.version, outcome });
    }
    return out;
  });
}

export interface ListedVersion {
  remote: string;
  kind: 'remote' | 'shell';
  version: string;
  live: boolean;
  wentLive: string | null;
  action: string | null;
  by: string | null;
  source: ReleaseSource;
  publishedAt: string;
}

/** `pnpm remotes`: every published version of every app, newest first, which is live, and how it last went live. */
export async function listReleases(ctx: Pick<ReleaseContext, 'db'>): Promise<ListedVersion[]> {
  const [versions, live, events] = await Promise.all([listVersions(ctx.db), liveReleases(ctx.db), history(ctx.db)]);
  const liveOf = new Map(live.map((l) => [l.app, l.version]));
  const apps = [...new Set(versions.map((v) => v.app))].sort();
  const rows: ListedVersion[] = [];
  for (const app of apps) {
    const mine = versions
      .filter((v) => v.app === app)
      .sort((a, b) => compareVersions(b.version, a.version) || (a.version < b.version ? 1 : a.version > b.version ? -1 : 0));
    for (const v of mine) {
      const last = events.findLast((e) => e.app === app && e.version === v.version);
      rows.push({
        remote: app,
        kind: v.kind,
        version: v.version,
        live: liveOf.get(app) === v.version,
        wentLive: last ? last.at.toISOString() : null,
        action: last?.action ?? null,
        by: last?.actor ?? null,
        source: v.source,
        publishedAt: v.published_at.toISOString(),
      });
    }
  }
  return rows;
}

// --- The folder layout, imported (docs/deploy.md "Storage and releases": migration) ----------------------------

interface FolderEvent {
  at?: string;
  app?: string;
  name?: string;
  version?: string;
  previous?: string | null;
  action?: string;
  by?: string;
}

/**
 * Imports a releases folder of the old layout (RELEASES_DIR/remotes.json, history.json, <app>/<version>/) into
 * the database and the configured storage: every version folder holding a build becomes a published version
 * (source 'import', as immutable as a release), the history is kept, and what remotes.json names goes live
 * (action 'import'). Runs once: refused when the database already has a live remote.
 */
export async function importFolder(ctx: ReleaseContext, dir: string): Promise<{ versions: number; live: string[] }> {
  const manifestFile = join(dir, 'remotes.json');
  if (!existsSync(manifestFile)) throw new ReleaseError(`${dir} has no remotes.json: not a releases folder`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { remotes?: { app?: string; name?: string; version?: string }[] };
  const historyFile = join(dir, 'history.json');
  const events: FolderEvent[] = existsSync(historyFile)
    ? ((JSON.parse(readFileSync(historyFile, 'utf8')) as { events?: FolderEvent[] }).events ?? [])
    : [];
  return withLock(ctx, async (lock) => {
    if ((await liveReleases(ctx.db)).some((r) => r.kind === 'remote')) {
      throw new ReleaseError('the database already has live remotes: the folder layout is imported once, into a database without releases');
    }
    let versions = 0;
    for (const app of readdirSync(dir, { withFileTypes: true })) {
      if (!app.isDirectory() || !APP_NAME.test(app.name) || app.name === SHELL_APP) continue;
      for (const version of readdirSync(join(dir, app.name), { withFileTypes: true })) {
        const folder = join(dir, app.name, version.name);
        if (!version.isDirectory() || !VERSION.test(version.name) || !existsSync(join(folder, 'mf-manifest.json'))) continue;
        const build = readImportedBuild(folder, app.name, version.name, manifest.remotes ?? []);
        if (build.version !== version.name) {
          ctx.say?.(`import: ${folder} declares version ${build.version}; skipped`);
          continue;
        }
        const outcome = await publishLocked(ctx, lock, build, 'import');
        if (outcome !== 'identical') versions++;
      }
    }
    await switchUnderLock(ctx.db, lock, async (tx) => {
      for (const e of events) {
        if (!e.app || !e.version || !e.at || !APP_NAME.test(e.app)) continue;
        const action = (['release', 'rollback', 'start'] as const).find((a) => a === e.action) ?? 'import';
        await addHistory(tx, {
          at: new Date(e.at),
          app: e.app,
          name: e.name ?? e.app,
          version: e.version,
          previous: e.previous ?? null,
          action,
          actor: e.by ?? 'unknown',
        });
      }
    });
    const live: string[] = [];
    for (const entry of manifest.remotes ?? []) {
      const app = entry.app ?? entry.name;
      if (!app || !entry.version) continue;
      const row = await findVersion(ctx.db, app, entry.version);
      if (!row) {
        ctx.say?.(`import: remotes.json names ${app} ${entry.version}, which has no build in ${dir}; not live`);
        continue;
      }
      await goLiveLocked(ctx, lock, row, 'import');
      live.push(`${app}@${entry.version}`);
    }
    return { versions, live };
  });
}

/**
 * A version folder of the old layout. Builds made before the declarations (lendview-remote.json) are imported
 * with what remotes.json said of them (name, routes), so they keep serving; the compatibility check refuses to
 * make one live again (rollback), as `pnpm release` always refused such a build.
 */
function readImportedBuild(
  dir: string,
  app: string,
  version: string,
  entries: { app?: string; name?: string; version?: string; routes?: unknown }[],
): Build {
  if (existsSync(join(dir, REMOTE_DECLARATION))) return readRemoteBuild(dir, app);
  const mf = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as { name?: unknown };
  const entry = entries.find((e) => (e.app ?? e.name) === app);
  const name = typeof mf.name === 'string' ? mf.name : (entry?.name ?? app);
  const routes =
    entry?.version === version && Array.isArray(entry.routes) ? entry.routes.filter((r): r is string => typeof r === 'string') : [];
  const declaration = { kind: 'remote', name, version, routes } as unknown as RemoteDeclaration;
  return { ...readBuildFiles(dir), kind: 'remote', app, name, version, declaration, dir };
}

// --- At server start ------------------------------------------------------------------------------------------------

/**
 * What a server does when it starts (the release part): with no live shell, the local shell build (SHELL_DIR) is
 * published and goes live (action 'initial'): `pnpm start` and a bare server need nothing else. With no live
 * remote and a releases folder of the old layout (RELEASES_DIR/remotes.json), that folder is imported. Instances
 * starting together take turns through the lock; whoever comes second finds the work done.
 */
export async function bootstrapReleases(ctx: ReleaseContext, dirs: { shellDir: string; releasesDir: string }): Promise<string[]> {
  const done: string[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      const live = await liveReleases(ctx.db);
      if (!live.some((r) => r.app === SHELL_APP) && hasFiles(dirs.shellDir)) {
        const build = readShellBuildLenient(dirs.shellDir);
        await withLock(ctx, async (lock) => {
          if ((await liveReleases(ctx.db)).some((r) => r.app === SHELL_APP)) return;
          const outcome = await publishLocked(ctx, lock, build, 'local');
          if (outcome === 'kept-release') return;
          await goLiveLocked(ctx, lock, build, 'initial');
          done.push(`shell ${build.version} from ${dirs.shellDir}`);
        });
      }
      if (!live.some((r) => r.kind === 'remote') && existsSync(join(dirs.releasesDir, 'remotes.json'))) {
        const imported = await importFolder(ctx, dirs.releasesDir);
        done.push(`imported ${dirs.releasesDir}: ${imported.live.join(', ') || 'nothing live'}`);
      }
      return done;
    } catch (e) {
      // Another instance is doing the same right now: wait for it, then look again.
      if (e instanceof ReleaseError && /another release is in progress|already has live remotes/.test(e.message) && attempt < 60) {
        if (/already has live remotes/.test(e.message)) return done;
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      throw e;
    }
  }
}

/** A shell build for the initial publish: without lendview-shell.json (an older build, a test's files) it still serves, as 0.0.0. */
function readShellBuildLenient(dir: string): Build {
  if (existsSync(join(dir, SHELL_DECLARATION))) return readShellBuild(dir);
  return {
    ...readBuildFiles(dir),
    kind: 'shell',
    app: SHELL_APP,
    name: '@lendview/shell',
    version: '0.0.0',
    declaration: {} as ShellDeclaration,
    dir,
  };
}

function hasFiles(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).some((f) => !f.startsWith('.'));
}

// --- For canary.ts and preview.ts (issue 16 items 3 and 5) -----------------------------------------------------------

/** The release lock around `fn` (canary.ts: a canary release, promote, ending a canary). */
export const withReleaseLock = withLock;

/** The same checks as a release (the live shell, or the live remotes for a shell); throws a ReleaseError naming each problem. */
export async function assertFitsLive(
  ctx: ReleaseContext,
  target: { app: string; kind: 'remote' | 'shell'; version: string; declaration: unknown },
): Promise<void> {
  await assertFits(ctx, target);
}

/** Publishes a build under the lock as a release (immutable), without making it live (a canary). */
export function publishReleaseLocked(ctx: ReleaseContext, lock: ReleaseLock, build: Build): Promise<PublishOutcome> {
  return publishLocked(ctx, lock, build, 'release');
}

// --- Route ownership (issue 16 item 1; route-ownership.ts, docs/releasing.md "Route ownership") ------------------------------

type RouteTarget = { app: string; version: string; kind?: 'remote' | 'shell'; declaration: unknown };

/** The clashes of `targets` (going live together) with the live remotes outside them, and among themselves. */
async function routeClashes(q: Queryable, targets: RouteTarget[]): Promise<RouteClash[]> {
  const live = await liveReleases(q);
  const { owners } = await routeOwnership(q, live);
  const moving = new Set(targets.map((t) => t.app));
  const clashes: RouteClash[] = [];
  const claimedHere = new Map<string, RouteTarget>();
  for (const t of targets) {
    if (t.kind === 'shell' || t.app === SHELL_APP) continue;
    for (const route of claimedRoutes(t.declaration)) {
      // Another app in the same publish claims it too.
      const sibling = claimedHere.get(route);
      if (sibling)
        clashes.push({ route, app: t.app, version: t.version, other: { app: sibling.app, version: sibling.version, where: 'publish' } });
      else claimedHere.set(route, t);
      // A live app outside the targets owns it. A remote's own previous version is no conflict, and neither is a
      // route this app already owns (a conflict left by older data is resolved in its favour: serving.ts).
      const owner = owners.get(route);
      if (!owner || owner === t.app || moving.has(owner)) continue;
      const held = live.find((r) => r.app === owner)!;
      clashes.push({ route, app: t.app, version: t.version, other: { app: held.app, version: held.version, where: 'live' } });
    }
  }
  return clashes;
}

/**
 * Refuses a remote version whose routes (its declaration's, compared as the shell matches them) another live
 * remote owns, naming both (route-ownership.ts routeClashMessage). Called by a release and a rollback under the lock before
 * anything is written; canary and preview call it for their versions too. A shell claims no routes.
 */
export async function assertRoutesFree(ctx: { db: Queryable }, build: RouteTarget): Promise<void> {
  await assertFederationNamesFree(ctx.db, [build]);
  const clashes = await routeClashes(ctx.db, [build]);
  if (clashes.length > 0) throw new ReleaseError(routeClashMessage(clashes));
}

/**
 * The local publish's check: what goes live for each build (the build, or the released version it keeps) against
 * the live remotes outside the publish and against each other. The whole publish is refused on any clash.
 */
async function assertLocalRoutesFree(ctx: ReleaseContext, builds: Build[]): Promise<void> {
  const targets: RouteTarget[] = [];
  for (const b of builds) {
    const existing = await findVersion(ctx.db, b.app, b.version);
    const kept = existing && existing.digest !== b.digest && existing.source !== 'local';
    targets.push({ app: b.app, version: b.version, kind: b.kind, declaration: kept ? existing.declaration : b.declaration });
  }
  await assertFederationNamesFree(ctx.db, targets, 'nothing was published: ');
  const clashes = await routeClashes(ctx.db, targets);
  if (clashes.length > 0) throw new ReleaseError(`nothing was published: ${routeClashMessage(clashes)}`);
}

/**
 * Two live remotes with one federation name (a copied remote not renamed) would be one remote to the shell's
 * federation runtime: whichever registers last replaces the other's modules on the page. Refused like a route clash.
 */
async function assertFederationNamesFree(q: Queryable, targets: RouteTarget[], prefix = ''): Promise<void> {
  const nameOf = (t: RouteTarget) => (t.declaration as { name?: unknown } | null)?.name;
  const moving = new Set(targets.map((t) => t.app));
  const taken = new Map<string, { app: string; version: string; where: string }>();
  for (const r of await liveReleases(q))
    if (r.kind === 'remote' && !moving.has(r.app)) taken.set(r.name, { app: r.app, version: r.version, where: 'live' });
  for (const t of targets) {
    const name = nameOf(t);
    if (t.kind === 'shell' || t.app === SHELL_APP || typeof name !== 'string') continue;
    const other = taken.get(name);
    if (other && other.app !== t.app) {
      throw new ReleaseError(
        `${prefix}${t.app} ${t.version} has the federation name "${name}", which ${other.app} ${other.version} (${other.where}) uses. ` +
          `A federation name belongs to one remote: rename it in ${t.app}'s vite.config.ts and package.json (lendview.remote).`,
      );
    }
    taken.set(name, { app: t.app, version: t.version, where: other ? 'live' : 'in this publish' });
  }
}
