import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/server.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
for (const url of process.argv.slice(2)) {
  const page = await browser.newPage({ timezoneId: process.env.TZID ?? 'Asia/Jakarta' });
  const warn = [];
  page.on('console', (m) => { if (/hydration/i.test(m.text())) warn.push(m.text().slice(0, 120)); });
  const res = await page.goto(url);
  const ssr = (await res.text()).includes('lv-ssr');
  await page.waitForTimeout(2500);
  const times = await page.evaluate(() => [...document.body.innerText.matchAll(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?/g)].map((m) => m[0]));
  console.log(url.slice(22, 90), 'ssr', ssr, 'warnings', warn.length, warn[0] ?? '', times.slice(0, 3));
  await page.close();
}
await browser.close();
