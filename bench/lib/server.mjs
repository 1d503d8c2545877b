// Starts the built product (apps/api/dist/server.mjs with the published remotes) on a free loopback port with
// a throw-away data folder, like the e2e suite does. Build first: `pnpm build` at the root.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { firstVisitThatPath, photoComplaintPath } from './fixtures.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');

export function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

export async function waitFor(url, ms = 60_000) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > ms) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * databaseUrl: run against PostgreSQL instead of PGlite. root: the checkout whose build is served (default this one;
 * another built checkout, e.g. BENCH_BEFORE, to measure an earlier commit in the same run).
 */
export async function startProduct({ databaseUrl, root = ROOT } = {}) {
  const server = join(root, 'apps/api/dist/server.mjs');
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`pnpm build\` in ${root} first`);
  const tmp = mkdtempSync(join(tmpdir(), 'lendview-bench-'));
  const releases = join(tmp, 'releases');
  // Into the database the server will use (the release tables) and its releases folder.
  const publishEnv = { ...process.env, DATA_DIR: join(tmp, 'data') };
  delete publishEnv.DATABASE_URL;
  if (databaseUrl) publishEnv.DATABASE_URL = databaseUrl;
  const pub = spawnSync(process.execPath, [join(root, 'scripts/publish-remotes.mjs'), '--releases', releases], {
    stdio: 'inherit',
    env: publishEnv,
  });
  if (pub.status !== 0) throw new Error('publishing the remotes failed');
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(tmp, 'data'),
    RELEASES_DIR: releases,
    DEMO_MODE: '1',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [server], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
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

/**
 * The borrower routes of ARCHITECTURE.md's budgets and issue 33's, with the data they need. A route has a fixed
 * `path`, or `pathOn(base)`: made once per instance through its API (lib/fixtures.mjs), or `freshPathOn(base)`: made
 * anew for every measurement.
 */
export const BUDGET_ROUTES = [
  { name: 'loanDetails', path: '/loanDetails?productId=1&orderId=DEMO-170&tok=demo-borrower' },
  // A first visit (issue 33): a fresh order past half its term (a full repayment is allowed, spec 9) with no code
  // on file, so the page's own request issues the payment code, as it does the first time a borrower pays.
  { name: 'that', freshPathOn: firstVisitThatPath },
  { name: 'complainNewPage', path: '/complainNewPage?tok=demo-borrower' },
  // Opened directly (a deep link), with the borrower's two photos in the server's HTML.
  { name: 'complainDetails', pathOn: photoComplaintPath },
  { name: 'promo', path: '/promo?templateId=1' },
  { name: 'home', path: '/' },
];

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
