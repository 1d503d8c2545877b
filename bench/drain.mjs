// A drain under load through HAProxy (issue 36 item 1; docs/deploy.md "The load balancer"): two instances of the
// built server on one PostgreSQL (DATABASE_URL, a throw-away schema), HAProxy in front with deploy/haproxy.cfg
// (Debian's haproxy, a child process on a free loopback port), and BENCH_SECONDS (default 60) of mixed load from
// autocannon (BENCH_CONNECTIONS, default 20): a GET (the remotes manifest), a POST that reads (loan details) and a
// POST that writes (a new borrower with an order, the e2e fixture: the borrower's own writes are capped). At
// BENCH_DRAIN_AT seconds (default 10) instance 2 gets SIGTERM with production's drain (DRAIN_SECONDS 10); once it
// has exited it is started again on its port (early enough that, on 2 busy cores, it is back while the load runs). Prints requests, failures by status, latency, when HAProxy took the
// instance out and back, and whether every acknowledged write is in the database once; writes results/drain.json.
// Target: 0 failed requests (issue 36), never asserted here (the cluster e2e asserts it on a bounded run).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, freePort } from './lib/server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DRAIN_AT = Number(process.env.BENCH_DRAIN_AT ?? 10);
const DRAIN_SECONDS = 10; // production's default (apps/api/src/env.ts PRODUCTION_DRAIN_SECONDS)
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
if (!process.env.DATABASE_URL) throw new Error('bench:drain needs DATABASE_URL (PostgreSQL: two instances share it)');

const { Client } = createRequire(join(ROOT, 'apps/api/package.json'))('pg');
async function sql(text) {
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

const started = Date.now();
const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const events = [];
const note = (what) => {
  events.push({ at: at(), what });
  console.log(`[${at()}] ${what}`);
};

const tmp = mkdtempSync(join(tmpdir(), 'lendview-bench-drain-'));
const schema = `bench_drain_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const url = new URL(process.env.DATABASE_URL);
url.searchParams.set('options', `-c search_path=${schema}`);
const children = new Set();

async function waitReady(base, child) {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    if (child.exitCode !== null) throw new Error(`${base} exited ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} not ready in 120 s`);
}

async function startInstance(n, port) {
  const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/server.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: tmp,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_MODE: '1',
      DATABASE_URL: url.toString(),
      DATA_DIR: join(tmp, `data-${n}`),
      RELEASES_DIR: join(tmp, 'releases'),
      DRAIN_SECONDS: String(DRAIN_SECONDS),
      TRUST_PROXY: '1',
      READY_MIN_FREE_MB: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  await waitReady(`http://127.0.0.1:${port}`, child);
  return child;
}

let haproxyLog = '';
try {
  await sql(`CREATE SCHEMA ${schema}`);
  const ports = [await freePort(), await freePort()];
  // One at a time: the first migrates and seeds, the second finds it done.
  const instance = [await startInstance(1, ports[0])];
  // The remotes' builds published into the cluster (the GET of the load is their manifest), as a deploy does.
  const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: join(tmp, 'data-1') };
  const pub = spawnSync(process.execPath, [join(ROOT, 'scripts/publish-remotes.mjs'), '--releases', join(tmp, 'releases')], {
    stdio: 'inherit',
    env,
  });
  if (pub.status !== 0) throw new Error('publishing the remotes failed: run `pnpm build` first');
  instance.push(await startInstance(2, ports[1]));
  const front = await freePort();
  const haproxy = spawn(HAPROXY, ['-db', '-f', join(ROOT, 'deploy/haproxy.cfg')], {
    env: {
      PATH: process.env.PATH,
      LENDVIEW_FRONT: `127.0.0.1:${front}`,
      LENDVIEW_API_1: `127.0.0.1:${ports[0]}`,
      LENDVIEW_API_2: `127.0.0.1:${ports[1]}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(haproxy);
  const onLog = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      haproxyLog += `${line}\n`;
      // State changes, not the request log.
      if (/Server instances\/\S+ is (DOWN|UP)/.test(line) && !line.startsWith('[WARNING]')) note(`haproxy: ${line.trim()}`);
    }
  };
  haproxy.stdout.on('data', onLog);
  haproxy.stderr.on('data', onLog);
  const base = `http://127.0.0.1:${front}`;
  await waitReady(base, haproxy);
  note(`two instances (${ports.join(', ')}) behind HAProxy on ${front}; ${DURATION} s of load, ${CONNECTIONS} connections`);

  // The write: a new order for one fixture borrower made here first. A new borrower per request would insert bank
  // cards with the id sequence, which the demo seed of the restarting instance sets back to the highest committed
  // id: under load that collides (500), a demo-seed matter, not the drain's.
  const owner = (
    await (
      await fetch(`${base}/dev/fixtures/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'early' }),
      })
    ).json()
  ).data;
  const acknowledged = new Set([owner.orderNo]);
  const form = { 'content-type': 'application/x-www-form-urlencoded', 'x-lv-token': 'demo-borrower' };
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      { method: 'GET', path: '/remotes.json' },
      { method: 'POST', path: '/v3/loan-details/detail', headers: form, body: 'productId=1&orderId=DEMO-170' },
      {
        method: 'POST',
        path: '/dev/fixtures/order',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'early', tok: owner.tok }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const envelope = JSON.parse(body);
          if (envelope.code === '00') acknowledged.add(envelope.data.orderNo);
        },
      },
    ],
  });

  // The drain: SIGTERM at DRAIN_AT, started again on its port once it has exited.
  const drained = (async () => {
    await new Promise((r) => setTimeout(r, DRAIN_AT * 1000));
    const exited = new Promise((done) => instance[1].once('exit', (code) => done(code)));
    note('SIGTERM to instance 2');
    instance[1].kill('SIGTERM');
    note(`instance 2 exited ${await exited}`);
    instance[1] = await startInstance(2, ports[1]);
    note('instance 2 ready again');
  })();

  const result = await run;
  await drained;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, s]) => [status, s.count]));
  const failedByStatus = Object.fromEntries(Object.entries(statuses).filter(([status]) => status !== '200'));
  const rows = await sql(
    `SELECT o.order_no FROM ${schema}.orders o JOIN ${schema}.borrowers b ON b.id = o.borrower_id WHERE b.phone LIKE '137%'`,
  );
  const stored = new Set(rows.map((r) => r.order_no));
  const summary = {
    measuredAt: new Date().toISOString(),
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    drainAtSeconds: DRAIN_AT,
    drainSeconds: DRAIN_SECONDS,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    failed: result.non2xx + result.errors + result.timeouts,
    failedByStatus,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    // Every acknowledged write is stored; stored - acknowledged is at most the writes in flight when the run ended
    // (autocannon does not wait for their answers). The e2e, which waits, checks stored === acknowledged.
    writes: {
      acknowledged: acknowledged.size,
      stored: stored.size,
      acknowledgedAndStored: [...acknowledged].filter((o) => stored.has(o)).length,
    },
    events,
  };
  console.log(JSON.stringify(summary, null, 2));
  writeFileSync(join(import.meta.dirname, 'results/drain.json'), JSON.stringify(summary, null, 2) + '\n');
} catch (err) {
  console.error(haproxyLog.slice(-4000));
  throw err;
} finally {
  for (const child of children) child.kill('SIGKILL');
  await sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
}
