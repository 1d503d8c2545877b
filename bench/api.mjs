// API throughput and p99 latency of the hottest reads and writes, on PGlite and (when DATABASE_URL is set) on
// PostgreSQL, side by side with a bare Fastify route as the ceiling. autocannon, 10 connections, 10 s each.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startProduct, waitFor } from './lib/server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const form = { 'content-type': 'application/x-www-form-urlencoded', 'x-lv-token': 'demo-borrower' };

const SCENARIOS = [
  { name: 'loan details (read)', method: 'POST', path: '/v3/loan-details/detail', body: 'productId=1&orderId=DEMO-170' },
  { name: 'recommend list (read)', method: 'POST', path: '/market/v3/product/recommend-product-list', body: 'scene=' },
  { name: 'complaint list (read)', method: 'POST', path: '/user-problem/problem-list', body: '' },
  {
    name: 'complaint save (write)',
    method: 'POST',
    path: '/user-problem/problem-save',
    body: 'problemType=2&problemDetail=' + encodeURIComponent('The app shows my payment as unpaid.') + '&orderNo=DEMO-170',
  },
];

function cannon(url, { method, body, headers }) {
  return new Promise((ok, fail) => {
    autocannon({ url, method, body, headers, connections: 10, duration: DURATION }, (err, r) => {
      if (err) return fail(err);
      ok({ reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

async function runScenarios(base, backend) {
  const rows = [];
  for (const s of SCENARIOS) {
    // One request first: a scenario that fails would measure error pages, not the endpoint.
    const probe = await fetch(base + s.path, { method: s.method, headers: form, body: s.body });
    const envelope = await probe.json();
    if (envelope.code !== '00') throw new Error(`${s.name}: ${probe.status} ${JSON.stringify(envelope)}`);
    rows.push({ backend, scenario: s.name, ...(await cannon(base + s.path, { method: s.method, body: s.body, headers: form })) });
  }
  return rows;
}

async function bare() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'lib/bare.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'inherit',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    return {
      backend: 'bare fastify',
      scenario: 'constant envelope (ceiling)',
      ...(await cannon(`http://127.0.0.1:${port}/bare`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })),
    };
  } finally {
    child.kill('SIGTERM');
  }
}

const rows = [await bare()];
for (const backend of ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])]) {
  const product = await startProduct({ databaseUrl: backend === 'postgres' ? process.env.DATABASE_URL : undefined });
  try {
    rows.push(...(await runScenarios(product.base, backend)));
  } finally {
    await product.stop();
  }
}
console.table(rows);
writeFileSync(
  join(import.meta.dirname, 'results/api.json'),
  JSON.stringify({ measuredAt: new Date().toISOString(), durationSeconds: DURATION, rows }, null, 2) + '\n',
);
