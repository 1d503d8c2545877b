// First-load JavaScript per borrower route (budget: 130 KB gzip, shell and shared libraries included).
// Loads each route in Chromium at 375 px, records every script the page fetched until the network is idle,
// and sizes each body gzipped (level 6, what a CDN or a reverse proxy typically sends).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BUDGET_ROUTES, CHROMIUM, CHROMIUM_FLAGS, startProduct } from './lib/server.mjs';

const BUDGET_KB = 130;

export async function measureBundles(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const route of BUDGET_ROUTES) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      const scripts = [];
      page.on('response', async (r) => {
        if (r.request().resourceType() !== 'script') return;
        try {
          const body = await r.body();
          scripts.push({ url: r.url().replace(base, ''), raw: body.length, gzip: gzipSync(body, { level: 6 }).length });
        } catch {
          /* a redirect or an aborted request has no body */
        }
      });
      await page.goto(base + route.path, { waitUntil: 'networkidle' });
      await context.close();
      const gzip = scripts.reduce((n, s) => n + s.gzip, 0);
      const raw = scripts.reduce((n, s) => n + s.raw, 0);
      rows.push({
        route: route.name,
        files: scripts.length,
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const product = await startProduct();
  try {
    const rows = await measureBundles(product.base);
    console.table(rows.map(({ largest, ...r }) => r));
    for (const r of rows)
      console.log(
        r.route,
        'largest:',
        r.largest
          .slice(0, 5)
          .map((s) => `${s.url.split('?')[0]} ${(s.gzip / 1024).toFixed(1)} KB`)
          .join(', '),
      );
    writeFileSync(
      join(import.meta.dirname, 'results/bundle-size.json'),
      JSON.stringify({ measuredAt: new Date().toISOString(), budgetKB: BUDGET_KB, rows }, null, 2) + '\n',
    );
  } finally {
    await product.stop();
  }
}
