import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { FolderStorage, type StorageProvider } from '../../src/providers/storage.ts';
import { publishLocal, release, type ReleaseContext } from '../../src/releases/service.ts';

/** What the builds of this repo declare (packages/vite-config/declaration.mjs), trimmed to two packages. */
export const SHARED = { react: '19.2.9', '@lendview/api-client': '0.1.0' };

const requires = (lib: string, v: string) => (lib.startsWith('@lendview/') ? `${v.split('.')[0]}.x` : `^${v}`);

function writeFiles(dir: string, files: Record<string, string | Buffer>) {
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
}

// Every folder tempDir made is removed when the test file ends (issue 38: 2,147 lendview-build-* folders were left
// in /tmp). Registered at import, so the hook belongs to the test file that imports this helper.
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'lendview-build-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A remote's build folder as @lendview/vite-config writes it: mf-manifest.json, lendview-remote.json, files. */
export function remoteBuild(
  dir: string,
  opts: { name: string; version: string; routes?: string[]; shared?: Record<string, string>; files?: Record<string, string | Buffer> },
): string {
  const shared = opts.shared ?? SHARED;
  writeFiles(dir, {
    'mf-manifest.json': JSON.stringify({ id: opts.name, name: opts.name, metaData: { publicPath: 'auto' } }),
    'lendview-remote.json': JSON.stringify({
      format: 1,
      kind: 'remote',
      name: opts.name,
      package: `@lendview/${opts.name}`,
      version: opts.version,
      routes: opts.routes ?? [],
      shared: Object.fromEntries(Object.entries(shared).map(([lib, v]) => [lib, { version: v, requires: requires(lib, v) }])),
    }),
    'remoteEntry.js': `export const version = ${JSON.stringify(opts.version)};`,
    ...opts.files,
  });
  return dir;
}

/** The shell's build folder: index.html, lendview-shell.json, files. */
export function shellBuild(
  dir: string,
  opts: { version: string; index: string; shared?: Record<string, string>; files?: Record<string, string | Buffer> },
) {
  writeFiles(dir, {
    'index.html': opts.index,
    'lendview-shell.json': JSON.stringify({
      format: 1,
      kind: 'shell',
      package: '@lendview/shell',
      version: opts.version,
      shared: opts.shared ?? SHARED,
    }),
    ...opts.files,
  });
  return dir;
}

export function releaseContext(db: Db, storage: StorageProvider, actor = 'test@lendview'): ReleaseContext {
  return { db, storage, actor };
}

/** Releases a build folder into a test app's database and releases folder (the same folder the app serves). */
export function releaseInto(ctx: { db: Db; releasesDir: string }, app: string, dir: string) {
  return release(releaseContext(ctx.db, new FolderStorage(ctx.releasesDir)), app, dir);
}

/** The local publish (pnpm start) of several builds at once. */
export function publishLocalInto(ctx: { db: Db; releasesDir: string }, builds: { app: string; dir: string }[]) {
  return publishLocal(releaseContext(ctx.db, new FolderStorage(ctx.releasesDir)), builds);
}
