import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from './fixtures.ts';

// A real build of the marketing remote with a source change, made outside the checkout (as releases.spec.ts does):
// the app is copied to a temp folder (node_modules linked back), edited there and built by Vite with the shared
// @lendview/vite-config. Used by preview.spec.ts and canary.spec.ts (issue 16 items 3 and 5).

export const ROOT = resolve(import.meta.dirname, '../..');
const MARKETING = join(ROOT, 'apps/marketing');
const VITE = join(MARKETING, 'node_modules/vite/bin/vite.js');
const temps: string[] = [];

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Replaces `from` by `to` in a file of the copy; fails when the source moved on (no silent no-op). */
function edit(file: string, from: string | RegExp, to: string) {
  const source = readFileSync(file, 'utf8');
  const changed = source.replace(from, to);
  expect(changed, `${file}: ${String(from)}`).not.toBe(source);
  writeFileSync(file, changed);
}

/**
 * Builds the copy: `aboutTitle` replaces the Indonesian About title ('Tentang Kami'); `throwOnAbout` makes the
 * About page throw an uncaught error (from a timer, outside React) each time it is shown.
 */
export function buildMarketingCopy(opts: { version: string; aboutTitle: string; throwOnAbout?: boolean }): string {
  const tmp = mkdtempSync(join(tmpdir(), 'lendview-copy-'));
  temps.push(tmp);
  const app = join(tmp, 'marketing');
  cpSync(MARKETING, app, { recursive: true, filter: (src) => !/[\\/](node_modules|dist|\.turbo)$/.test(src) });
  const pkg = readJson<Record<string, unknown>>(join(app, 'package.json'));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ ...pkg, version: opts.version }, null, 2));
  const tsconfig = readJson<Record<string, unknown>>(join(app, 'tsconfig.json'));
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ ...tsconfig, extends: join(ROOT, 'tsconfig.base.json') }));
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
  symlinkSync(join(MARKETING, 'node_modules'), join(app, 'node_modules'), 'dir');
  const env = { ...process.env };
  delete env.MF_BUILD_VERSION;
  const r = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'error'], { cwd: app, encoding: 'utf8', env });
  expect(r.status, `vite build of the marketing copy:\n${r.stdout}\n${r.stderr}`).toBe(0);
  return join(app, 'dist');
}

export function removeCopies() {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
}

/** A release script against the running test server (through its release control, as releases.spec.ts does). */
export function script(name: 'release' | 'rollback' | 'promote' | 'list-remotes', ...args: string[]) {
  const dataDir = process.env.E2E_DATA_DIR;
  const releases = process.env.E2E_RELEASES_DIR;
  if (!dataDir || !releases) throw new Error('E2E_DATA_DIR / E2E_RELEASES_DIR are not set: run through the playwright config');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.STORAGE;
  const r = spawnSync(process.execPath, [join(ROOT, `scripts/${name}.mjs`), ...args, '--releases', releases], {
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
