// Serves the monolith baseline from the same built API server as the product (apps/api/dist/server.mjs), so both
// are measured against the same API, demo data, headers and compression: a second server instance, on its own
// free loopback port and throw-away data and releases folders, where the remotes are published as `pnpm start`
// does (their page routes and the API stay the product's) and the monolith build is then released as its shell
// (docs/releasing.md). Every page route of that instance answers with the monolith's index.html; no remote is
// ever loaded from it. `extraFiles` ({ 'floor.html': html }) are served beside it, at /floor.html.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { freePort, ROOT, waitFor } from '../lib/server.mjs';
import { MONOLITH_DIST } from './build.mjs';

function run(args, env, what, stdout = 'ignore') {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', stdout, 'inherit'] });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status})`);
}

/** Builds the monolith when its sources changed (in a child process: Vite sets NODE_ENV=production in the process that builds). */
export function buildMonolithOnce() {
  run([join(import.meta.dirname, 'build.mjs')], process.env, 'building the monolith', 'inherit');
}

/**
 * Two steps, so a caller can publish the remotes right after the product did (the same builds in both, even
 * while the tree is being rebuilt) and add files made meanwhile: `prepareMonolith()` publishes the remotes into a
 * fresh data folder; its `start({ extraFiles })` releases the monolith as the shell and starts the server.
 */
export function prepareMonolith() {
  const server = join(ROOT, 'apps/api/dist/server.mjs');
  if (!existsSync(server)) throw new Error('apps/api/dist/server.mjs is missing: run `pnpm build` first');
  if (!existsSync(join(MONOLITH_DIST, 'lendview-shell.json'))) buildMonolithOnce();
  const tmp = mkdtempSync(join(tmpdir(), 'lendview-bench-monolith-'));
  const releases = join(tmp, 'releases');
  const env = { ...process.env, DATA_DIR: join(tmp, 'data') };
  delete env.DATABASE_URL;
  try {
    run([join(ROOT, 'scripts/publish-remotes.mjs'), '--releases', releases], env, 'publishing the remotes');
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  return {
    discard: () => rmSync(tmp, { recursive: true, force: true }),
    start: ({ extraFiles = {} } = {}) => startPrepared({ server, tmp, releases, env, extraFiles }),
  };
}

/** Both steps at once. */
export async function startMonolith({ extraFiles = {} } = {}) {
  buildMonolithOnce();
  return prepareMonolith().start({ extraFiles });
}

async function startPrepared({ server, tmp, releases, env, extraFiles }) {
  const shell = join(tmp, 'shell');
  cpSync(MONOLITH_DIST, shell, { recursive: true });
  for (const [name, body] of Object.entries(extraFiles)) {
    writeFileSync(join(shell, name), body);
    writeFileSync(join(shell, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(shell, `${name}.gz`), gzipSync(body, { level: 9 }));
  }
  try {
    run([join(ROOT, 'scripts/release.mjs'), 'shell', '--from', shell, '--releases', releases], env, 'releasing the monolith as the shell');
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  const port = await freePort();
  const child = spawn(process.execPath, [server], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', RELEASES_DIR: releases, DEMO_MODE: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let up = false;
  const early = new Promise((_, fail) => child.once('exit', (code) => up || fail(new Error(`the monolith's server exited (${code})`))));
  try {
    await Promise.race([waitFor(`${base}/healthz`), early]);
    up = true;
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  return {
    base,
    async stop() {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
