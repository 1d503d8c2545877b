// Lighthouse 12, mobile preset (its default: simulated slow 4G, 4x CPU slowdown) on the budget routes.
// Budget (ARCHITECTURE.md): performance >= 95, LCP <= 1.8 s, TBT <= 150 ms, CLS <= 0.05.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BUDGET_ROUTES, CHROMIUM, CHROMIUM_FLAGS, startProduct } from './lib/server.mjs';

export async function runLighthouse(base, routes = BUDGET_ROUTES) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const rows = [];
  try {
    for (const route of routes) {
      const result = await lighthouse(base + route.path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const a = result.lhr.audits;
      const row = {
        route: route.name,
        performance: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(a['total-blocking-time'].numericValue),
        cls: +a['cumulative-layout-shift'].numericValue.toFixed(3),
        fcpMs: Math.round(a['first-contentful-paint'].numericValue),
      };
      row.withinBudget = row.performance >= 95 && row.lcpMs <= 1800 && row.tbtMs <= 150 && row.cls <= 0.05;
      rows.push(row);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const product = await startProduct();
  try {
    const rows = await runLighthouse(product.base);
    console.table(rows);
    writeFileSync(
      join(import.meta.dirname, 'results/lighthouse.json'),
      JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2) + '\n',
    );
  } finally {
    await product.stop();
  }
}
