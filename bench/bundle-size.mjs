// First-load JavaScript per budget route (budget: 130 KB gzip, shell and shared libraries included), in ONE run
// for the floor page, the federated product and the monolith baseline (monolith/), each served by an instance of
// the same built API server. Loads each page in Chromium at 375 px, records every script it fetched until the
// network was idle (at most 15 s after load), and sizes each body gzipped (level 6, what a CDN or a reverse proxy typically sends).
//
//   pnpm --filter @lendview/bench bench:size        (pnpm build first; the monolith builds itself)
// Writes results/bundle-size.json and prints a markdown table.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/server.mjs';
import { markdownTable, ratio, startComparison } from './monolith/compare.mjs';

const BUDGET_KB = 130;
const IDLE_MS = 15_000;
/** Issue 33: federation ≤ 1.4 × the monolith built with the same libraries (issue 14 had asked for 1.1). */
const FEDERATION_OVER_MONOLITH = 1.4;

export async function measureBundles(targets) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const target of targets) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      const url = await target.nextUrl();
      const origin = new URL(url).origin;
      const scripts = [];
      page.on('response', async (r) => {
        if (r.request().resourceType() !== 'script') return;
        try {
          const body = await r.body();
          scripts.push({ url: r.url().replace(origin, ''), raw: body.length, gzip: gzipSync(body, { level: 6 }).length });
        } catch {
          /* a redirect or an aborted request has no body */
        }
      });
      await page.goto(url, { waitUntil: 'load' });
      // A page that keeps polling (the virtual account watches its payment) never idles: at most IDLE_MS more.
      const idle = await page.waitForLoadState('networkidle', { timeout: IDLE_MS }).then(
        () => true,
        () => false,
      );
      await context.close();
      const gzip = scripts.reduce((n, s) => n + s.gzip, 0);
      const raw = scripts.reduce((n, s) => n + s.raw, 0);
      rows.push({
        route: target.route,
        variant: target.variant,
        files: scripts.length,
        networkIdle: idle,
        rawKB: +(raw / 1024).toFixed(1),
        gzipKB: +(gzip / 1024).toFixed(1),
        withinBudget: gzip / 1024 <= BUDGET_KB,
        largest: scripts.sort((a, b) => b.gzip - a.gzip),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Federation / monolith gzip per route. */
export function compare(rows) {
  const routes = [...new Set(rows.filter((r) => r.variant === 'federation').map((r) => r.route))];
  return routes.map((route) => {
    const fed = rows.find((r) => r.route === route && r.variant === 'federation');
    const mono = rows.find((r) => r.route === route && r.variant === 'monolith');
    const gzipRatio = ratio(fed?.gzipKB, mono?.gzipKB);
    return {
      route,
      federationGzipKB: fed?.gzipKB,
      monolithGzipKB: mono?.gzipKB,
      federationOverMonolith: gzipRatio,
      withinTarget: gzipRatio !== null && gzipRatio <= FEDERATION_OVER_MONOLITH,
    };
  });
}

const label = (route) => (route === 'home' ? '/' : route === 'floor' ? 'floor' : `/${route}`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const comparison = await startComparison();
  try {
    const rows = await measureBundles(comparison.targets);
    const comparisons = compare(rows);
    console.log(
      markdownTable([
        ['route', 'build', 'files', 'raw', 'gzip', `≤ ${BUDGET_KB} KB`],
        ...rows.map((r) => [label(r.route), r.variant, r.files, `${r.rawKB} KB`, `${r.gzipKB} KB`, r.withinBudget ? 'pass' : 'FAIL']),
      ]),
    );
    console.log();
    console.log(
      markdownTable([
        ['route', 'federation gzip', 'monolith gzip', 'fed / mono', `≤ ${FEDERATION_OVER_MONOLITH} × mono`],
        ...comparisons.map((c) => [
          label(c.route),
          `${c.federationGzipKB} KB`,
          `${c.monolithGzipKB} KB`,
          c.federationOverMonolith,
          c.withinTarget ? 'pass' : 'FAIL',
        ]),
      ]),
    );
    console.log();
    for (const r of rows.filter((r) => r.files > 0))
      console.log(
        `${label(r.route)} ${r.variant} largest: ` +
          r.largest
            .slice(0, 5)
            .map((s) => `${s.url.split('?')[0]} ${(s.gzip / 1024).toFixed(1)} KB`)
            .join(', '),
      );
    writeFileSync(
      join(import.meta.dirname, 'results/bundle-size.json'),
      JSON.stringify({ measuredAt: new Date().toISOString(), budgetKB: BUDGET_KB, comparisons, rows }, null, 2) + '\n',
    );
  } finally {
    await comparison.stop();
  }
}
