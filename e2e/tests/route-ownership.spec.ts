import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, jsonOf, test } from './fixtures.ts';
import { buildMarketingCopy, releasesDir, removeCopies, script } from './marketing-copy.ts';

// Route ownership (issue 16 item 1, docs/releasing.md "Route ownership"), against the running test server through
// its release control, as `pnpm release` runs beside `pnpm start`: a new remote claiming /repay, which the live
// repayment remote owns, is refused with both named, nothing is published, and /repay still renders repayment.

test.afterAll(() => removeCopies());

interface Entry {
  name: string;
  app: string;
  version: string;
  routes: string[];
}

test('a new remote claiming /repay is refused, naming both; nothing is published; /repay still renders repayment', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const manifest = await (await request.get('/remotes.json')).text();
  const repayment = (JSON.parse(manifest) as { remotes: Entry[] }).remotes.find((r) => r.app === 'repayment')!;
  expect(repayment.routes).toContain('/repay');

  // A new remote "hijack" made from a copy of marketing (package, federation name), claiming /hijack and /repay.
  const dist = buildMarketingCopy({ version: '0.1.0', rename: { remote: 'hijack', routes: ['/hijack', '/repay'] } });
  const declared = JSON.parse(readFileSync(join(dist, 'lendview-remote.json'), 'utf8')) as { name: string; routes: string[] };
  expect(declared).toMatchObject({ name: 'hijack', routes: ['/hijack', '/repay'] });

  const r = script('release', 'hijack', '--from', dist);
  expect(r.status, r.stdout).toBe(1);
  expect(r.stderr).toContain(
    `release refused: hijack 0.1.0 claims /repay, which repayment ${repayment.version} (live) owns.\n` +
      'A route has one owner: release repayment without it first, or pick another path.',
  );

  // Nothing published, nothing switched: the manifest is byte for byte the same, no conflict in it.
  expect(existsSync(join(releasesDir(), 'hijack'))).toBe(false);
  const after = await request.get('/remotes.json');
  expect(await after.text()).toBe(manifest);
  expect(await jsonOf<{ conflicts?: unknown }>(after)).not.toHaveProperty('conflicts');

  // /repay is still the repayment remote's page.
  const fetched: string[] = [];
  page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
  await page.goto('/repay?orderId=DEMO-180&productId=1&tok=demo-borrower&isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repay with bank card');
  expect(fetched.some((p) => p.startsWith(`/remotes/repayment/${repayment.version}/`))).toBe(true);
  expect(fetched.some((p) => p.startsWith('/remotes/hijack/'))).toBe(false);
});
