// The release commands (docs/releasing.md), run by the root scripts: `pnpm release <app>`, `pnpm rollback <app>
// [version]`, `pnpm remotes [--json] | import [DIR]`, `pnpm publish-remotes` (the local publish of `pnpm start`).
// They act on the database the environment names (DATABASE_URL, else the PGlite folder under DATA_DIR) and the
// configured storage (STORAGE / S3_*, else the RELEASES_DIR folder, or --releases DIR). When a running server
// holds the embedded database, the operation is run by that server (src/releases/control.ts).
//
// Exit codes: 0 done, 1 refused or failed (nothing switched), 2 bad arguments or environment.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '../db/lock-file.ts';
import { migrate } from '../db/migrate.ts';
import { openPg } from '../db/pg.ts';
import { openPglite } from '../db/pglite.ts';
import type { Db } from '../db/types.ts';
import { EnvError, loadReleaseEnv, processEnv, REPO_ROOT, type ReleaseEnv } from '../env.ts';
import { S3Storage, storagesOf } from '../providers/s3-storage.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { actorOf } from '../releases/actor.ts';
import { APP_NAME, ReleaseError, SHELL_APP } from '../releases/builds.ts';
import { hasReleaseTables } from '../releases/catalog.ts';
import { askServer, type ControlFile } from '../releases/control.ts';
import { runOperation, type Operation, type OperationResult } from '../releases/operations.ts';
import { parseSince, renderHealth } from '../rum/summary.ts';

export const USAGE = {
  release: `usage: pnpm release <app> [--from DIR] [--releases DIR]

  <app>           a remote (its app folder or federation name: marketing, loan-details, loan_details, ...) or shell
  --from DIR      release this build folder (e.g. a CI artifact) instead of building apps/<app>
  --releases DIR  the releases folder when STORAGE is folder (default: RELEASES_DIR, else releases/)

The version is the one the build declares: its package.json version, set by changesets. The database is
DATABASE_URL, else the embedded one in DATA_DIR; the files go to the configured storage (docs/deploy.md).`,
  rollback: `usage: pnpm rollback <app> [version] [--releases DIR]

  <app>           a remote or shell
  [version]       a published version (pnpm remotes lists them); default: the one live before the current one
  --releases DIR  the releases folder when STORAGE is folder (default: RELEASES_DIR, else releases/)`,
  list: `usage: pnpm remotes [--json] [--releases DIR]
       pnpm remotes import [DIR]    import a releases folder of the old layout (remotes.json, history.json)
       pnpm remotes --health [--since 24h] [--json]
                                    real-user signals per remote version: views, error rate, LCP / INP / CLS p75
                                    (--since: 90m, 24h, 7d; at most 30d, the retention)`,
  'publish-local': `usage: pnpm publish-remotes [--releases DIR]   (what pnpm start does: publish every local build)`,
  // Issue 16 items 3 and 5 (docs/releasing.md "Canary", "Preview").
  canary: `usage: pnpm release <remote> --canary <1..99> [--min-views N] [--from DIR] [--releases DIR]

  --canary P      publish the version (the checks of a release) and serve it to P % of borrowers (by device id)
                  instead of making it live; the judge then raises it step by step (P, 25, 50 %) and promotes it,
                  or ends it on a significant regression of its error rate, LCP or INP
  --min-views N   canary page views each step needs before the judge decides (default CANARY_MIN_VIEWS, else 300)

usage: pnpm release <remote> --publish-only [--from DIR] [--releases DIR]

  --publish-only  publish the version without making it live (then: pnpm remotes preview <remote> <version>)`,
  promote: `usage: pnpm promote <remote> [--releases DIR]

  Makes the remote's running canary the live version. pnpm rollback <remote> ends a canary instead.`,
  preview: `usage: pnpm remotes preview <app> <version> [--hours 24] [--origin URL]

  Prints a signed link that shows this published version to the browser that opens it, and to no one else.
  --hours H       how long the link works (default 24, at most 168)
  --origin URL    the site's origin in the link (default PUBLIC_ORIGIN, else http://localhost:PORT)`,
};

export interface AppInfo {
  app: string;
  /** Federation name (remote) or package name (shell). */
  name: string;
  kind: 'remote' | 'shell';
  dist: string;
  /** The turbo filter that builds it. */
  pkg: string;
}

/** Every remote of this repo (apps/<app>/package.json with "lendview.remote") and the shell. */
export function listApps(root: string = REPO_ROOT): AppInfo[] {
  const out: AppInfo[] = [];
  // Where only the API's build is deployed there is no apps/ folder: builds are named with --from.
  if (!existsSync(join(root, 'apps'))) return out;
  for (const app of readdirSync(join(root, 'apps')).sort()) {
    const file = join(root, 'apps', app, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; lendview?: { remote?: string } };
    const dist = join(root, 'apps', app, 'dist');
    if (app === SHELL_APP) out.push({ app, name: pkg.name, kind: 'shell', dist, pkg: pkg.name });
    else if (pkg.lendview?.remote) out.push({ app, name: pkg.lendview.remote, kind: 'remote', dist, pkg: pkg.name });
  }
  return out;
}

function findApp(id: string): AppInfo {
  const apps = listApps();
  const found = apps.find((a) => a.app === id || (a.kind === 'remote' && a.name === id));
  if (!found) throw new ReleaseError(`no app "${id}"; apps: ${apps.map((a) => a.app).join(', ')}`);
  return found;
}

function build(app: AppInfo): string {
  return cleanBuild(app);
}

/**
 * Builds one app from a clean output folder (issue 16 item 2): apps/<app>/dist is removed first, then
 * `turbo run build --filter=<pkg>`, so a cache hit restores exactly that commit's output and nothing a later
 * build left behind stays in it (releasing a revert gives the earlier build's digest: "already published
 * (identical)"). `root` and `turbo` are for tests on a copy of a workspace.
 */
export function cleanBuild(
  app: Pick<AppInfo, 'app' | 'dist' | 'pkg'>,
  opts: { root?: string; turbo?: string[]; stdio?: 'inherit' | 'pipe' } = {},
): string {
  rmSync(app.dist, { recursive: true, force: true });
  const [cmd, ...pre] = opts.turbo ?? ['pnpm', 'exec', 'turbo'];
  // Through turbo, filtered to this app: a cache hit when nothing it depends on changed.
  const r = spawnSync(cmd!, [...pre, 'run', 'build', `--filter=${app.pkg}`, '--output-logs=errors-only'], {
    cwd: opts.root ?? REPO_ROOT,
    stdio: ['ignore', opts.stdio ?? 'inherit', opts.stdio ?? 'inherit'],
    env: { TURBO_TELEMETRY_DISABLED: '1', ...processEnv() },
  });
  if (r.status !== 0) throw new ReleaseError(`building ${app.app} failed`);
  return app.dist;
}

class UsageError extends Error {}

// --- Canary and preview (issue 16 items 3 and 5) ---------------------------------------------------------------------

type Flags = { from?: string; canary?: string; 'min-views'?: string; hours?: string; origin?: string };

function wholeNumber(value: string, flag: string): number {
  if (!/^\d+$/.test(value.trim())) throw new ReleaseError(`${flag} takes a whole number, not "${value}"`);
  return Number(value);
}

/** `pnpm release <remote> --canary P [--min-views N]`: built like a release, then the canary operation. */
function canaryOperation(id: string, values: Flags, json: boolean, releases: string | undefined) {
  const percent = wholeNumber(values.canary!, '--canary');
  if (percent < 1 || percent > 99) throw new ReleaseError(`--canary takes a percentage from 1 to 99, not ${percent}`);
  const minRaw = values['min-views'] ?? processEnv().CANARY_MIN_VIEWS;
  const minViews = minRaw !== undefined && minRaw.trim() !== '' ? wholeNumber(minRaw, '--min-views') : undefined;
  const limits = { percent, ...(minViews !== undefined ? { minViews } : {}) };
  if (values.from && APP_NAME.test(id) && listApps().length === 0) {
    return { operation: { op: 'canary' as const, app: id, from: resolve(values.from), ...limits }, json, releases };
  }
  const app = findApp(id);
  if (app.kind !== 'remote') throw new ReleaseError('the shell has no canary: release it with pnpm release shell');
  const from = values.from ? resolve(values.from) : build(app);
  return { operation: { op: 'canary' as const, app: app.app, from, name: app.name, ...limits }, json, releases };
}

/** `pnpm remotes preview <app> <version> [--hours H] [--origin URL]`. */
function previewOperation(positionals: string[], values: Flags, json: boolean, releases: string | undefined) {
  if (positionals.length !== 2) throw new UsageError('preview <app> <version>');
  const [id, version] = positionals as [string, string];
  const app = listApps().find((a) => a.app === id || (a.kind === 'remote' && a.name === id))?.app ?? id;
  const hours = values.hours !== undefined ? Number(values.hours) : undefined;
  if (hours !== undefined && !(hours > 0 && hours <= 168))
    throw new ReleaseError(`--hours takes a number of hours up to 168, not "${values.hours}"`);
  const origin = (values.origin ?? processEnv().PUBLIC_ORIGIN ?? `http://localhost:${processEnv().PORT ?? '8080'}`).replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw new ReleaseError(`--origin "${origin}" is not a URL`);
  }
  return {
    operation: { op: 'preview' as const, app, version, origin: parsed.origin, ...(hours !== undefined ? { hours } : {}) },
    json,
    releases,
  };
}

/** The operation the arguments ask for (building first when a release names no folder). */
export function operationOf(command: string, argv: string[]): { operation: Operation; json: boolean; releases?: string } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      releases: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      // Issue 16: canary and preview.
      canary: { type: 'string' },
      'min-views': { type: 'string' },
      'publish-only': { type: 'boolean' },
      hours: { type: 'string' },
      origin: { type: 'string' },
      // Issue 16 item 4: real-user signals per version (src/rum/summary.ts).
      health: { type: 'boolean' },
      since: { type: 'string' },
    },
  });
  if (values.help) throw new UsageError('help');
  const releases = values.releases ? resolve(values.releases) : undefined;
  const json = values.json === true;
  switch (command) {
    case 'release': {
      if (positionals.length !== 1) throw new UsageError('one app');
      const id = positionals[0]!;
      // No checkout (dist/releases.mjs where only the build is deployed): the build's own declaration names the app.
      if (values.from && APP_NAME.test(id) && listApps().length === 0) {
        return { operation: { op: 'release', app: id, from: resolve(values.from) }, json, releases };
      }
      if (values.canary !== undefined) return canaryOperation(id, values, json, releases);
      if (values['publish-only']) {
        if (values.from && APP_NAME.test(id) && listApps().length === 0)
          return { operation: { op: 'publish', app: id, from: resolve(values.from) }, json, releases };
        const app = findApp(id);
        return {
          operation: { op: 'publish', app: app.app, from: values.from ? resolve(values.from) : build(app), name: app.name },
          json,
          releases,
        };
      }
      // A new remote built outside this checkout (--from a remote's build, its app name not in apps/): released under that name.
      if (values.from && APP_NAME.test(id) && !listApps().some((a) => a.app === id || a.name === id)) {
        const from = resolve(values.from);
        if (existsSync(join(from, 'lendview-remote.json'))) return { operation: { op: 'release', app: id, from }, json, releases };
      }
      const app = findApp(id);
      const from = values.from ? resolve(values.from) : build(app);
      return { operation: { op: 'release', app: app.app, from, name: app.name }, json, releases };
    }
    case 'rollback': {
      if (positionals.length < 1 || positionals.length > 2) throw new UsageError('an app and maybe a version');
      const id = positionals[0]!;
      // An app removed from apps/ can still be rolled back by its name in the database.
      const app = listApps().find((a) => a.app === id || (a.kind === 'remote' && a.name === id))?.app ?? id;
      return { operation: { op: 'rollback', app, ...(positionals[1] ? { version: positionals[1] } : {}) }, json, releases };
    }
    case 'promote': {
      if (positionals.length !== 1) throw new UsageError('one remote');
      const id = positionals[0]!;
      const app = listApps().find((a) => a.app === id || (a.kind === 'remote' && a.name === id))?.app ?? id;
      return { operation: { op: 'promote', app }, json, releases };
    }
    case 'list': {
      if (positionals[0] === 'preview') return previewOperation(positionals.slice(1), values, json, releases);
      if (positionals[0] === 'import') {
        if (positionals.length > 2) throw new UsageError('import [DIR]');
        return { operation: { op: 'import', dir: resolve(positionals[1] ?? releases ?? loadReleaseEnv().releasesDir) }, json, releases };
      }
      if (positionals.length > 0) throw new UsageError('no arguments');
      if (values.health) {
        const sinceMs = parseSince(values.since ?? '24h');
        if (sinceMs === null) throw new ReleaseError(`--since takes 90m, 24h or 7d (at most 30d), not "${values.since}"`);
        return { operation: { op: 'health', sinceMs: Math.round(sinceMs) }, json, releases };
      }
      if (values.since !== undefined) throw new UsageError('--since goes with --health');
      return { operation: { op: 'list' }, json, releases };
    }
    case 'publish-local': {
      if (positionals.length > 0) throw new UsageError('no arguments');
      const builds = listApps().map((a) => {
        if (!existsSync(join(a.dist, a.kind === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
          throw new ReleaseError(`${a.app} has no build (${a.dist}); run pnpm build first`);
        }
        return { app: a.app, dir: a.dist };
      });
      return { operation: { op: 'publish-local', builds }, json, releases };
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

export interface Target {
  /** Where the releases are, for the person reading the output. */
  database: string;
  storage: string;
  run(operation: Operation, actor: string, say: (line: string) => void): Promise<OperationResult>;
  close(): Promise<void>;
}

/**
 * The database and storage the environment names. The embedded database is opened here when no process holds
 * it (and migrated: it is this machine's own); when a server holds it, the operation goes to that server.
 */
export async function openTarget(env: ReleaseEnv): Promise<Target> {
  const releaseStorage: StorageProvider = storagesOf(env.storage, env).releaseStorage;
  const closeStorage = async () => {
    if (releaseStorage instanceof S3Storage) await releaseStorage.close();
  };
  const local = (db: Db, database: string): Target => ({
    database,
    storage: releaseStorage.describe(),
    run: (operation, actor, say) => runOperation({ db, storage: releaseStorage, actor, say }, operation),
    close: async () => {
      await db.close();
      await closeStorage();
    },
  });
  if (env.databaseUrl) {
    const db = await openPg({ connectionString: env.databaseUrl, pool: { poolMax: 2 } });
    // Like a server of the same mode at start: migrate outside production; in production the deploy's `pnpm migrate` does.
    if (env.migrate) await migrate(db);
    if (!(await hasReleaseTables(db))) {
      await db.close();
      throw new ReleaseError('the database has no release tables yet (migration 016_releases.sql): run pnpm migrate first');
    }
    const url = new URL(env.databaseUrl);
    return local(db, `postgresql://${url.host}${url.pathname}`);
  }
  const folder = join(env.dataDir, 'pglite');
  try {
    const db = await openPglite({ dataDir: folder });
    await migrate(db);
    return local(db, `pglite:${folder}`);
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    const controlFile = join(env.dataDir, 'release-control.json');
    let control: ControlFile;
    try {
      control = JSON.parse(readFileSync(controlFile, 'utf8')) as ControlFile;
    } catch {
      throw new ReleaseError(
        `the embedded database in ${env.dataDir} is held by process ${e.holderPid}, which offers no release control (${controlFile}): ` +
          'stop it and run the command again, or use PostgreSQL (DATABASE_URL).',
      );
    }
    if (control.pid !== e.holderPid)
      throw new ReleaseError(`${controlFile} is left from process ${control.pid}; process ${e.holderPid} holds the database`);
    if (control.storage !== releaseStorage.describe()) {
      throw new ReleaseError(
        `the server holding ${env.dataDir} (process ${control.pid}) stores releases in ${control.storage}, not ${releaseStorage.describe()}: ` +
          'run the command with the same RELEASES_DIR / --releases (or STORAGE) as the server',
      );
    }
    await closeStorage();
    return {
      database: `pglite:${folder} (through the server, process ${control.pid})`,
      storage: control.storage,
      async run(operation, actor, say) {
        const answer = await askServer(control, operation, actor);
        for (const line of answer.notes) say(line);
        if (!answer.ok) throw answer.refused ? new ReleaseError(answer.error) : new Error(answer.error);
        return answer.outcome;
      },
      close: async () => {},
    };
  }
}

/** The lines a person reads (and `--json` for scripts). */
export function render(outcome: OperationResult, target: Pick<Target, 'database' | 'storage'>, json: boolean): string[] {
  switch (outcome.op) {
    case 'release': {
      const { app, version, published, previous } = outcome.result;
      return [
        `release: ${app} ${version} ${published === 'identical' ? 'already published (identical)' : `published to ${target.storage}`}`,
        previous === version
          ? `release: ${app} ${version} was already live`
          : `release: ${app} is live at ${version} (was ${previous ?? 'not live'})`,
      ];
    }
    case 'rollback': {
      const { app, version, previous } = outcome.result;
      return [
        previous === version
          ? `rollback: ${app} ${version} was already live`
          : `rollback: ${app} is live at ${version} (was ${previous ?? 'not live'})`,
      ];
    }
    case 'publish-local':
      return [`publish: ${outcome.result.map((r) => `${r.app}@${r.version}`).join(', ')} -> ${target.database}, ${target.storage}`];
    case 'import':
      return [
        `import: ${outcome.result.versions} versions imported into ${target.database}, ${target.storage}; live: ${outcome.result.live.join(', ') || 'none'}`,
      ];
    case 'canary': {
      const { app, version, percent, minViews, steps, live, published } = outcome.result;
      return [
        `release: ${app} ${version} ${published === 'identical' ? 'already published (identical)' : `published to ${target.storage}`}`,
        `canary: ${app} ${version} serves ${percent} % of borrowers, ${live} stays live for the rest; steps ${steps.join(' -> ')} %, ` +
          `judged after ${minViews} canary views each, promoted after the last (pnpm promote ${app} to make it live now, pnpm rollback ${app} to end it)`,
      ];
    }
    case 'publish': {
      const { app, version, published, live } = outcome.result;
      return [
        `release: ${app} ${version} ${published === 'identical' ? 'already published (identical)' : `published to ${target.storage}`}; not live ` +
          `(live: ${live ?? 'none'}). pnpm remotes preview ${app} ${version} prints a preview link; pnpm release ${app} makes it live`,
      ];
    }
    case 'promote': {
      const { app, version, previous } = outcome.result;
      return [`promote: ${app} is live at ${version} (was ${previous ?? 'not live'}); the canary has ended`];
    }
    case 'canary-ended': {
      const { app, version, live, percent } = outcome.result;
      return [`rollback: the canary ${app} ${version} (${percent} %) has ended; every borrower gets ${live ?? 'no version'} again`];
    }
    case 'preview': {
      const { url, expires } = outcome.result;
      if (json) return [JSON.stringify(outcome.result, null, 2)];
      return [url, `preview: ${outcome.result.app} ${outcome.result.version} for the browser that opens this link, until ${expires}`];
    }
    case 'health':
      if (json) return [JSON.stringify({ database: target.database, ...outcome.result }, null, 2)];
      return renderHealth(outcome.result, target.database);
    case 'list': {
      const rows = outcome.result;
      if (json) return [JSON.stringify({ database: target.database, storage: target.storage, remotes: rows }, null, 2)];
      const table = [['REMOTE', 'VERSION', 'LIVE', 'WENT LIVE (UTC)', 'HOW', 'BY']].concat(
        rows.map((r) => [
          r.remote,
          r.version,
          r.live ? 'live' : r.canary != null ? `canary ${r.canary}%` : '',
          r.wentLive ? r.wentLive.replace('T', ' ').replace(/\.\d+Z$/, '') : 'never',
          r.action ?? '',
          r.by ?? '',
        ]),
      );
      const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
      return [
        `releases: ${target.database}, files in ${target.storage}`,
        ...table.map((row) =>
          row
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join('  ')
            .trimEnd(),
        ),
      ];
    }
  }
}

const REFUSED: Record<string, string> = {
  release: 'release',
  rollback: 'rollback',
  list: 'remotes',
  'publish-local': 'publish',
  promote: 'promote',
};

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const [command = '', ...rest] = argv;
  const label = REFUSED[command] ?? command;
  let parsed;
  try {
    parsed = operationOf(command, rest);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      const usage = USAGE[command as keyof typeof USAGE] ?? Object.values(USAGE).join('\n\n');
      console.log(usage);
      return e instanceof UsageError && e.message === 'help' ? 0 : 2;
    }
    if (e instanceof ReleaseError) {
      console.error(`${label} refused: ${e.message}`);
      return 1;
    }
    throw e;
  }
  let env: ReleaseEnv;
  try {
    env = loadReleaseEnv();
  } catch (e) {
    console.error(e instanceof EnvError ? e.message : String(e));
    return 2;
  }
  if (parsed.releases) env = { ...env, releasesDir: parsed.releases };
  let target: Target | undefined;
  try {
    target = await openTarget(env);
    const outcome = await target.run(parsed.operation, actorOf(), (line) => console.log(line));
    for (const line of render(outcome, target, parsed.json)) console.log(line);
    return 0;
  } catch (e) {
    if (e instanceof ReleaseError) {
      console.error(`${label} refused: ${e.message}`);
      return 1;
    }
    console.error(`${label} failed:`, e);
    return 1;
  } finally {
    await target?.close().catch(() => {});
  }
}

// Run as a command only (tests import the parts).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
