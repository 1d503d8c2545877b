#!/usr/bin/env node
// `pnpm test:all` (what `npm test` runs on a fresh clone, and .ci/run through it): every layer, one after the other,
// with progress as it goes and a table at the end.
//
//   format   prettier --check over the tree
//   turbo    lint, typecheck and the unit, component and API tests of every package (2 at a time); a line per task
//            as it starts, each package's test counts when it is done
//   scripts  eslint scripts, then node --test scripts/test/, one file at a time (each builds with every core: two at
//            once took 580 s against ~330 s one by one on 2 cores, docs/testing.md)
//   e2e      Playwright (its list reporter prints each test as it ends)
//
// Stops at the first layer that fails, as before; the table then says which one and what ran.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './remotes.mjs';

/** Strips terminal colours, so the counts can be read from a tool's own output. */
const plain = (text) => stripVTControlCharacters(text);

/** Runs a command with its output shown as it comes, and kept (to read the counts from). */
function run(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    console.log(`  $ ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        out += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => resolve({ code: code ?? 1, out: plain(out) }));
  });
}

/** vitest's "Tests  12 failed | 300 passed | 2 skipped (314)" line. */
export function vitestCounts(log) {
  const line = plain(log)
    .split('\n')
    .reverse()
    .find((l) => /^\s*Tests\s+.*\(\d+\)\s*$/.test(l));
  if (!line) return undefined;
  const n = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
  return { passed: n('passed'), failed: n('failed'), skipped: n('skipped') + n('todo') };
}

/** node --test's "# pass 25" / "# fail 0" / "# skipped 0" summary. */
export function nodeTestCounts(out) {
  const n = (word) => Number(new RegExp(`^# ${word} (\\d+)`, 'm').exec(out)?.[1] ?? NaN);
  const passed = n('pass');
  return Number.isNaN(passed) ? undefined : { passed, failed: n('fail'), skipped: n('skipped') + n('todo') };
}

/** Playwright's list reporter: "249 passed (21.6m)", "2 failed", "1 skipped", "3 did not run". */
export function playwrightCounts(out) {
  const n = (word) => Number(new RegExp(`^\\s*(\\d+) ${word}`, 'm').exec(out)?.[1] ?? 0);
  const passed = n('passed');
  const failed = n('failed') + n('flaky') + n('did not run');
  if (passed + failed === 0) return undefined;
  return { passed, failed, skipped: n('skipped') };
}

/** The package folders turbo runs `test` in, with each one's last test log (a cache hit restores it). */
function packageTestCounts() {
  const rows = [];
  for (const group of ['apps', 'packages']) {
    const dir = join(ROOT, group);
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      const log = join(dir, name, '.turbo', 'turbo-test.log');
      if (!existsSync(log)) continue;
      const counts = vitestCounts(readFileSync(log, 'utf8')) ?? nodeTestCounts(plain(readFileSync(log, 'utf8')));
      if (counts) rows.push({ name: `${group}/${name}`, ...counts });
    }
  }
  return rows;
}

/** The turbo tasks that took longest, from the run summary `--summarize` wrote (where the layer's time goes). */
function slowestTasks(out) {
  const file = /Summary:\s+(\S+\.json)/.exec(out)?.[1];
  if (!file || !existsSync(file)) return [];
  try {
    const summary = JSON.parse(readFileSync(file, 'utf8'));
    const tasks = summary.tasks
      .filter((t) => t.execution?.startTime && t.execution?.endTime)
      .map((t) => ({ id: t.taskId, s: (t.execution.endTime - t.execution.startTime) / 1000 }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 8);
    return ['slowest tasks: ' + tasks.map((t) => `${t.id} ${t.s.toFixed(0)} s`).join(', ')];
  } catch {
    return [];
  }
}

const results = [];

async function layer(name, fn) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const { ok, counts, detail } = await fn();
  const seconds = (Date.now() - started) / 1000;
  results.push({ name, ok, seconds, counts });
  const said = counts ? ` — ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : '';
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds.toFixed(1)} s)${said}`);
  for (const line of detail ?? []) console.log(`    ${line}`);
  if (!ok) finish(1);
}

function finish(code) {
  const total = results.reduce((s, r) => s + r.seconds, 0);
  const pad = (s, n) => String(s).padEnd(n);
  console.log('\nlayer     time       passed  failed  skipped');
  for (const r of results) {
    const c = r.counts ?? { passed: '-', failed: '-', skipped: '-' };
    console.log(
      `${pad(r.name, 9)} ${pad(`${r.seconds.toFixed(0)} s`, 10)} ${pad(c.passed, 7)} ${pad(c.failed, 7)} ${pad(c.skipped, 7)}${r.ok ? '' : '  ✘'}`,
    );
  }
  console.log(`${pad('total', 9)} ${(total / 60).toFixed(1)} min`);
  process.exit(code);
}

const sum = (rows) =>
  rows.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  await layer('format', async () => ({ ok: (await run('pnpm', ['format:check'])).code === 0 }));

  await layer('turbo', async () => {
    // hash-only: a line per task as it starts (progress), the whole log of a task that fails.
    const r = await run('pnpm', [
      'exec',
      'turbo',
      'run',
      'lint',
      'typecheck',
      'test',
      '--concurrency=2',
      '--output-logs=hash-only',
      '--log-order=stream',
      '--summarize',
    ]);
    const rows = packageTestCounts();
    const slowest = slowestTasks(r.out);
    if (r.code !== 0) {
      // The failing task's log, which hash-only does not print.
      for (const m of r.out.matchAll(/(\S+#(\w+)): command \(([^)]+)\) .* exited \(\d+\)/g)) {
        const log = join(m[3], '.turbo', `turbo-${m[2]}.log`);
        if (existsSync(log)) console.log(`\n--- ${m[1]} ---\n${readFileSync(log, 'utf8')}`);
      }
    }
    return {
      ok: r.code === 0,
      counts: sum(rows),
      detail: [...rows.map((p) => `${p.name}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped`), ...slowest],
    };
  });

  await layer('scripts', async () => {
    const lint = await run('pnpm', ['exec', 'eslint', 'scripts']);
    if (lint.code !== 0) return { ok: false };
    const r = await run(process.execPath, ['--test', '--test-concurrency=1', 'scripts/test/']);
    return { ok: r.code === 0, counts: nodeTestCounts(r.out) };
  });

  await layer('e2e', async () => {
    const r = await run('pnpm', ['--filter', '@lendview/e2e', 'e2e']);
    return { ok: r.code === 0, counts: playwrightCounts(r.out) };
  });

  finish(0);
}
