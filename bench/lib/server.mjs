// Starts the built product (apps/api/dist/server.mjs with the published remotes) on a free loopback port with
// a throw-away data folder, like the e2e suite does. Build first: `pnpm build` at the root.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

/** The borrower routes of ARCHITECTURE.md's budgets, with the demo fixtures they need. */
export const BUDGET_ROUTES = [
  { name: 'loanDetails', path: '/loanDetails?productId=1&orderId=DEMO-170&tok=demo-borrower' },
  // DEMO-HALF: past half its term, so a full repayment is allowed and /that shows the payment code (DEMO-170's full
  // repayment is refused by the early-prepayment rule, spec 9: that page is the refusal's error panel).
  { name: 'that', path: '/that?productId=1&orderId=DEMO-HALF&amount=0&display=1&tok=demo-borrower' },
  { name: 'complainNewPage', path: '/complainNewPage?tok=demo-borrower' },
  { name: 'promo', path: '/promo?templateId=1' },
  { name: 'home', path: '/' },
];

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
