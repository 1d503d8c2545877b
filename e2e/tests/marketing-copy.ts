import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from './fixtures.ts';

// A real build of the marketing remote with a source change, made outside the checkout so that no file of the
// repository changes: the app is copied to a temp folder (its node_modules linked back), edited there and built by
// Vite with the shared @lendview/vite-config. And the release scripts run against the running test server (through
// its release control, as `pnpm release` runs beside `pnpm start`). Used by releases.spec.ts, preview.spec.ts,
// canary.spec.ts and route-ownership.spec.ts.

export const ROOT = resolve(import.meta.dirname, '../..');
const MARKETING = join(ROOT, 'apps/marketing');
const VITE = join(MARKETING, 'node_modules/vite/bin/vite.js');
const temps: string[] = [];

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Replaces `from` by `to` in a file of the copy; fails when the source moved on (no silent no-op, no unchanged build). */
function edit(file: string, from: string | RegExp, to: string) {
  const source = readFileSync(file, 'utf8');
  const changed = source.replace(from, to);
  expect(changed, `${file}: ${String(from)}`).not.toBe(source);
  writeFileSync(file, changed);
}

/** A copied package's tsconfig "extends" the repo's base config by a relative path that no longer reaches it. */
function pointTsconfigAtRepo(dir: string) {
  const tsconfig = readJson<Record<string, unknown>>(join(dir, 'tsconfig.json'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, extends: join(ROOT, 'tsconfig.base.json') }));
}

export interface CopyOptions {
  version: string;
  /** Replaces the Indonesian About title ('Tentang Kami'). */
  aboutTitle?: string;
  /** The About page throws an uncaught error (from a timer, outside React) each time it is shown. */
  throwOnAbout?: boolean;
  /** Builds against a copy of @lendview/api-client carrying this version. */
  apiClientVersion?: string;
  /** Another remote made from the copy: its package, federation name and routes. */
  rename?: { remote: string; routes: string[] };
}

/** Builds the copy and returns its dist folder. */
export function buildMarketingCopy(opts: CopyOptions): string {
  const tmp = mkdtempSync(join(tmpdir(), 'lendview-copy-'));
  temps.push(tmp); // removed by removeCopies, also when the build fails
  const app = join(tmp, opts.rename?.remote ?? 'marketing');
  cpSync(MARKETING, app, { recursive: true, filter: (src) => !/[\\/](node_modules|dist|\.turbo)$/.test(src) });
  const pkg = readJson<Record<string, unknown>>(join(app, 'package.json'));
  const renamed = opts.rename
    ? { name: `@lendview/${opts.rename.remote}`, lendview: { remote: opts.rename.remote, routes: opts.rename.routes } }
    : {};
  writeFileSync(join(app, 'package.json'), JSON.stringify({ ...pkg, version: opts.version, ...renamed }, null, 2));
  if (opts.rename) edit(join(app, 'vite.config.ts'), "name: 'marketing'", `name: '${opts.rename.remote}'`);
  pointTsconfigAtRepo(app);
  if (opts.aboutTitle !== undefined)
    edit(join(app, 'src/i18n/id.ts'), /(about: \{\s*title: )'Tentang Kami'/, `$1${JSON.stringify(opts.aboutTitle)}`);
  if (opts.throwOnAbout) {
    const page = join(app, 'src/pages/AboutPage.tsx');
    edit(
      page,
      "import { useTranslation } from 'react-i18next';",
      "import { useEffect } from 'react';\nimport { useTranslation } from 'react-i18next';",
    );
    edit(
      page,
      "  const { t } = useTranslation('marketing');",
      "  const { t } = useTranslation('marketing');\n" +
        '  useEffect(() => {\n' +
        '    const timer = setTimeout(() => {\n' +
        "      throw new Error('About page broke (canary e2e)');\n" +
        '    }, 0);\n' +
        '    return () => clearTimeout(timer);\n' +
        '  }, []);',
    );
  }

  const modules = join(MARKETING, 'node_modules');
  if (!opts.apiClientVersion) {
    symlinkSync(modules, join(app, 'node_modules'), 'dir');
  } else {
    const client = join(tmp, 'api-client');
    cpSync(join(ROOT, 'packages/api-client'), client, { recursive: true, filter: (src) => !/[\\/]node_modules$/.test(src) });
    const clientPkg = readJson<Record<string, unknown>>(join(client, 'package.json'));
    writeFileSync(join(client, 'package.json'), JSON.stringify({ ...clientPkg, version: opts.apiClientVersion }, null, 2));
    pointTsconfigAtRepo(client);
    symlinkSync(join(ROOT, 'packages/api-client/node_modules'), join(client, 'node_modules'), 'dir');
    mkdirSync(join(app, 'node_modules/@lendview'), { recursive: true });
    for (const name of readdirSync(modules))
      if (name !== '@lendview' && name !== '.bin') symlinkSync(join(modules, name), join(app, 'node_modules', name), 'dir');
    for (const name of readdirSync(join(modules, '@lendview'))) {
      const target = name === 'api-client' ? client : join(modules, '@lendview', name);
      symlinkSync(target, join(app, 'node_modules/@lendview', name), 'dir');
    }
  }

  const env = { ...process.env };
  delete env.MF_BUILD_VERSION;
  // As the app's `build` script does: the browser build, then the server build (dist/server/), so the copy's pages
  // are server-rendered like any release's.
  for (const args of [['build'], ['build', '--ssr']]) {
    const r = spawnSync(process.execPath, [VITE, ...args, '--logLevel', 'error'], { cwd: app, encoding: 'utf8', env });
    expect(r.status, `vite ${args.join(' ')} of the ${opts.rename?.remote ?? 'marketing'} copy:\n${r.stdout}\n${r.stderr}`).toBe(0);
  }
  return join(app, 'dist');
}

export function removeCopies() {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
}

/** The test server's releases folder (global-setup.ts passes it as E2E_RELEASES_DIR). */
export function releasesDir(): string {
  const dir = process.env.E2E_RELEASES_DIR;
  if (!dir) throw new Error('E2E_RELEASES_DIR is not set: run through the playwright config (global-setup.ts)');
  return dir;
}

/** A release script against the running test server's database (E2E_DATA_DIR) and releases folder. */
export function script(name: 'release' | 'rollback' | 'promote' | 'list-remotes', ...args: string[]) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the playwright config (global-setup.ts)');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.STORAGE;
  const r = spawnSync(process.execPath, [join(ROOT, `scripts/${name}.mjs`), ...args, '--releases', releasesDir()], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function nextPatch(version: string, tag: string): string {
  const [major, minor, patch] = version.split(/[.-]/).map(Number);
  return `${major}.${minor}.${patch! + 1}-${tag}`;
}

/** The live version of marketing, from pnpm remotes --json (a /remotes.json answer may be a canary's, by cohort). */
export function liveMarketingVersion(): string {
  const listed = script('list-remotes', '--json');
  expect(listed.status, listed.stderr).toBe(0);
  const rows = (JSON.parse(listed.stdout) as { remotes: { remote: string; version: string; live: boolean }[] }).remotes;
  return rows.find((r) => r.remote === 'marketing' && r.live)!.version;
}
