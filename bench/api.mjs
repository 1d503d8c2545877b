// API throughput and p99 latency of the hot reads (and one write), on PGlite and (when DATABASE_URL is set) on
// PostgreSQL, each beside a bare Fastify route measured in the same run as the ceiling: every read is reported as
// a ratio of the bare route's throughput (issue 14 item 4). autocannon, 20 connections (BENCH_CONNECTIONS),
// BENCH_SECONDS each (default 10). Targets on PostgreSQL: loan details ≥ 25 % of bare with p99 ≤ 25 ms, the other
// three reads ≥ 40 % (docs/performance.md "Hot reads").
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startProduct, waitFor } from './lib/server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BEFORE = process.env.BENCH_BEFORE || undefined;
const form = { 'content-type': 'application/x-www-form-urlencoded', 'x-lv-token': 'demo-borrower' };

/** target: the share of the bare route's throughput asked for (PostgreSQL), p99Ms: the latency asked for. */
const SCENARIOS = [
  {
    name: 'loan details (read)',
    method: 'POST',
    path: '/v3/loan-details/detail',
    body: 'productId=1&orderId=DEMO-170',
    target: { ratio: 0.25, p99Ms: 25 },
  },
  {
    name: 'recommend list (read)',
    method: 'POST',
    path: '/market/v3/product/recommend-product-list',
    body: 'scene=',
    target: { ratio: 0.4 },
  },
  { name: 'complaint list (read)', method: 'POST', path: '/user-problem/problem-list', body: '', target: { ratio: 0.4 } },
  {
    name: 'contact info (read)',
    method: 'POST',
    path: '/v3/personal-center/contact-kf-info',
    body: 'overall=30',
    target: { ratio: 0.4 },
  },
  {
    name: 'complaint save (write)',
    method: 'POST',
    path: '/user-problem/problem-save',
    body: 'problemType=2&problemDetail=' + encodeURIComponent('The app shows my payment as unpaid.') + '&orderNo=DEMO-170',
  },
];

function cannon(url, { method, body, headers }) {
  return new Promise((ok, fail) => {
    autocannon({ url, method, body, headers, connections: CONNECTIONS, duration: DURATION }, (err, r) => {
      if (err) return fail(err);
      ok({ reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

/** `row`'s throughput as a share of the ceiling's, to 0.1 %. */
const shareOf = (row, ceiling) => Math.round((row.reqPerSec / ceiling.reqPerSec) * 1000) / 1000;

async function runScenarios(base, backend, ceiling) {
  const rows = [];
  for (const s of SCENARIOS) {
    // One request first: a scenario that fails would measure error pages, not the endpoint.
    const probe = await fetch(base + s.path, { method: s.method, headers: form, body: s.body });
    const envelope = await probe.json();
    if (envelope.code !== '00') throw new Error(`${s.name}: ${probe.status} ${JSON.stringify(envelope)}`);
    const r = await cannon(base + s.path, { method: s.method, body: s.body, headers: form });
    const ratio = shareOf(r, ceiling);
    const met = s.target ? ratio >= s.target.ratio && (s.target.p99Ms === undefined || r.p99Ms <= s.target.p99Ms) : undefined;
    rows.push({ backend, scenario: s.name, ...r, ofBare: ratio, ...(s.target ? { target: s.target, met } : {}) });
  }
  return rows;
}

/**
 * The bare route (the ceiling), and on PostgreSQL also the one-round-trip reference, from one bare server started
 * beside the product: each is measured right before the backend's reads, same connections and duration.
 */
async function references(backend) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'lib/bare.mjs')], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: backend === 'postgres' ? process.env.DATABASE_URL : '' },
    stdio: 'inherit',
  });
  const json = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    const ceiling = {
      backend: `bare fastify (beside ${backend})`,
      scenario: 'constant envelope (ceiling)',
      ...(await cannon(`http://127.0.0.1:${port}/bare`, json)),
      ofBare: 1,
    };
    if (backend !== 'postgres') return [ceiling];
    const once = await cannon(`http://127.0.0.1:${port}/one-round-trip`, json);
    return [
      ceiling,
      {
        backend: 'bare fastify + pg',
        scenario: 'one round trip: SELECT 1 (reference)',
        ...once,
        ofBare: shareOf(once, ceiling),
      },
    ];
  } finally {
    child.kill('SIGTERM');
  }
}

const rows = [];
for (const backend of ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])]) {
  // The ceiling right before the backend's reads, same connections and duration: the ratio is from one run.
  const refs = await references(backend);
  const ceiling = refs[0];
  rows.push(...refs);
  const product = await startProduct({ databaseUrl: backend === 'postgres' ? process.env.DATABASE_URL : undefined });
  try {
    rows.push(...(await runScenarios(product.base, backend, ceiling)));
  } finally {
    await product.stop();
  }
  // BENCH_BEFORE: a built checkout of an earlier commit, the same reads against the same ceiling (before/after from
  // one run). On PostgreSQL it needs a database of its own (BENCH_BEFORE_DATABASE_URL): its migrations are older.
  if (BEFORE && (backend === 'pglite' || process.env.BENCH_BEFORE_DATABASE_URL)) {
    const earlier = await startProduct({
      root: BEFORE,
      databaseUrl: backend === 'postgres' ? process.env.BENCH_BEFORE_DATABASE_URL : undefined,
    });
    try {
      rows.push(...(await runScenarios(earlier.base, `${backend} (before)`, ceiling)));
    } finally {
      await earlier.stop();
    }
  }
}
console.table(
  rows.map(({ target, ...r }) => ({ ...r, target: target ? `≥${target.ratio * 100}%${target.p99Ms ? ` p99≤${target.p99Ms}` : ''}` : '' })),
);
writeFileSync(
  join(import.meta.dirname, 'results/api.json'),
  JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      ...(BEFORE ? { before: BEFORE } : {}),
      rows,
    },
    null,
    2,
  ) + '\n',
);
