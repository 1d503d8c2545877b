// Lighthouse 12, mobile preset (its default: simulated slow 4G, 4x CPU slowdown), performance only, in ONE run:
// the floor (a one-file HTML page with the same loan card and no script, monolith/floor.mjs), the federated
// product's budget routes and the same routes of the monolith baseline (monolith/: the same pages as one plain
// Vite app, no Module Federation), each served by an instance of the same built API server with the same demo
// data. Every page is measured BENCH_RUNS times (default 3), rounds interleaved so machine noise falls on all of
// them alike; each figure is the median of its runs. Targets (issue 14) are reported pass/fail, never asserted.
//
//   pnpm --filter @lendview/bench bench:lighthouse        (pnpm build first; the monolith builds itself)
// Writes results/lighthouse.json and prints a markdown table.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, ROOT } from './lib/server.mjs';
import { markdownTable, median, ratio, startComparison } from './monolith/compare.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/** Issue 33's targets, for every federated route (issue 14's were 1.3 × floor, 97, 100 ms, CLS 0.02). */
export const TARGETS = {
  lcpOverFloor: 1.1,
  performance: 98,
  tbtMs: 50,
  cls: 0,
  /** Federation / monolith on LCP (issue 14). */
  lcpOverMonolith: 1.1,
  /** Federation / monolith on JavaScript bytes (issue 33: the monolith built with the same libraries). */
  bytesOverMonolith: 1.4,
};

function lcpElementOf(audit) {
  const node = audit?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} ${String(node.snippet ?? '').slice(0, 120)}`.trim() : null;
}

/** One Lighthouse run of `url`: the figures the report uses. */
async function measure(port, url) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const items = audits['resource-summary']?.details?.items ?? [];
  const of = (type) => items.find((i) => i.resourceType === type) ?? { transferSize: 0, requestCount: 0 };
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    cls: +audits['cumulative-layout-shift'].numericValue.toFixed(3),
    jsTransferKB: +(of('script').transferSize / 1024).toFixed(1),
    requests: of('total').requestCount,
    // What the LCP was (diagnostics only): the element's selector and the start of its markup.
    lcpElement: lcpElementOf(audits['largest-contentful-paint-element']),
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): that run is taken again. */
async function measureWithRetry(port, target, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      // Each attempt its own URL: a route made fresh for every run (a first visit) is not measured on a repeat visit.
      return await measure(port, await target.nextUrl());
    } catch (e) {
      if (i >= attempts) throw e;
      console.error(`${e instanceof Error ? e.message : e}; again (${i + 1}/${attempts})`);
    }
  }
}

export async function runLighthouse(targets, runs = RUNS) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const samples = new Map(targets.map((t) => [t, []]));
  try {
    for (let round = 1; round <= runs; round++) {
      for (const t of targets) {
        const m = await measureWithRetry(chrome.port, t);
        samples.get(t).push(m);
        console.error(`run ${round}/${runs} ${t.variant} ${t.route}: ${m.performance}, LCP ${m.lcpMs} ms, ${m.jsTransferKB} KB JS`);
      }
    }
  } finally {
    await chrome.kill();
  }
  return targets.map((t) => {
    const runsOf = samples.get(t);
    const pick = (k) => median(runsOf.map((r) => r[k]));
    return {
      route: t.route,
      variant: t.variant,
      path: t.path,
      performance: pick('performance'),
      lcpMs: pick('lcpMs'),
      fcpMs: pick('fcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      jsTransferKB: pick('jsTransferKB'),
      requests: pick('requests'),
      runs: runsOf,
    };
  });
}

/** LCP / floor per row, federation / monolith per route, and the targets' pass/fail for the federated routes. */
export function summarise(rows) {
  const floor = rows.find((r) => r.variant === 'floor');
  for (const r of rows) r.lcpOverFloor = ratio(r.lcpMs, floor?.lcpMs);
  const routes = [...new Set(rows.filter((r) => r.variant === 'federation').map((r) => r.route))];
  const comparisons = routes.map((route) => {
    const fed = rows.find((r) => r.route === route && r.variant === 'federation');
    const mono = rows.find((r) => r.route === route && r.variant === 'monolith');
    const lcpRatio = ratio(fed?.lcpMs, mono?.lcpMs);
    // With no script on either side there is nothing to compare: equal.
    const jsRatio = fed?.jsTransferKB === 0 && mono?.jsTransferKB === 0 ? 1 : ratio(fed?.jsTransferKB, mono?.jsTransferKB);
    const checks = {
      lcpOverFloor: fed.lcpOverFloor !== null && fed.lcpOverFloor <= TARGETS.lcpOverFloor,
      performance: fed.performance >= TARGETS.performance,
      tbt: fed.tbtMs <= TARGETS.tbtMs,
      cls: fed.cls <= TARGETS.cls,
      lcpVsMonolith: lcpRatio !== null && lcpRatio <= TARGETS.lcpOverMonolith,
      bytesVsMonolith: jsRatio !== null && jsRatio <= TARGETS.bytesOverMonolith,
    };
    return {
      route,
      lcpFederationOverMonolith: lcpRatio,
      jsFederationOverMonolith: jsRatio,
      checks,
      pass: Object.values(checks).every(Boolean),
    };
  });
  return { floor, comparisons };
}

const sec = (ms) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);
const mark = (ok) => (ok ? 'pass' : 'FAIL');

export function report(rows, { comparisons }) {
  const table = markdownTable([
    ['route', 'build', 'score', 'LCP', 'LCP / floor', 'TBT', 'CLS', 'JS (transfer)', 'requests'],
    ...rows.map((r) => [
      r.route === 'home' ? '/' : r.route === 'floor' ? 'floor' : `/${r.route}`,
      r.variant,
      r.performance,
      sec(r.lcpMs),
      r.lcpOverFloor?.toFixed(2) ?? '–',
      `${r.tbtMs} ms`,
      r.cls,
      `${r.jsTransferKB} KB`,
      r.requests,
    ]),
  ]);
  const t = TARGETS;
  const verdicts = markdownTable([
    [
      'route (federation)',
      'LCP fed / mono',
      'JS fed / mono',
      `LCP ≤ ${t.lcpOverFloor} × floor`,
      `score ≥ ${t.performance}`,
      `TBT ≤ ${t.tbtMs} ms`,
      `CLS ≤ ${t.cls}`,
      `LCP ≤ ${t.lcpOverMonolith} × mono`,
      `JS ≤ ${t.bytesOverMonolith} × mono`,
    ],
    ...comparisons.map((c) => [
      c.route === 'home' ? '/' : `/${c.route}`,
      c.lcpFederationOverMonolith ?? '–',
      c.jsFederationOverMonolith ?? '–',
      mark(c.checks.lcpOverFloor),
      mark(c.checks.performance),
      mark(c.checks.tbt),
      mark(c.checks.cls),
      mark(c.checks.lcpVsMonolith),
      mark(c.checks.bytesVsMonolith),
    ]),
  ]);
  return `${table}\n\n${verdicts}\n`;
}

/** With 'before' rows (BENCH_BEFORE): each route before and after, from the same run. */
export function beforeAfter(rows) {
  const routes = [...new Set(rows.filter((r) => r.variant === 'before').map((r) => r.route))];
  if (routes.length === 0) return '';
  const cells = (r) => [
    `${r.performance} / ${sec(r.lcpMs)} / ${r.lcpOverFloor?.toFixed(2) ?? '–'} / ${r.tbtMs} ms`,
    `${r.jsTransferKB} KB`,
  ];
  return (
    markdownTable([
      ['route', 'before: score / LCP / ÷ floor / TBT', 'before: JS', 'after: score / LCP / ÷ floor / TBT', 'after: JS'],
      ...routes.map((route) => [
        route === 'home' ? '/' : `/${route}`,
        ...cells(rows.find((r) => r.route === route && r.variant === 'before')),
        ...cells(rows.find((r) => r.route === route && r.variant === 'federation')),
      ]),
    ]) + '\n'
  );
}

function commit(cwd = ROOT) {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // BENCH_BEFORE: a built checkout of an earlier commit, measured in the same rounds (compare.mjs startComparison).
  const before = process.env.BENCH_BEFORE || undefined;
  const comparison = await startComparison({ before });
  try {
    const rows = await runLighthouse(comparison.targets);
    const summary = summarise(rows);
    console.log(report(rows, summary));
    if (before) console.log(beforeAfter(rows));
    writeFileSync(
      join(import.meta.dirname, 'results/lighthouse.json'),
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          commit: commit(),
          ...(before ? { before: { folder: before, commit: commit(before) } } : {}),
          preset: 'Lighthouse 12 mobile (simulated slow 4G, 4x CPU), performance only',
          runs: RUNS,
          statistic: 'median of the runs, per figure',
          floorBytes: comparison.floorBytes,
          targets: TARGETS,
          comparisons: summary.comparisons,
          rows,
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await comparison.stop();
  }
}
