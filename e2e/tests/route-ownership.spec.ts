import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, jsonOf, test } from './fixtures.ts';

// Route ownership (issue 16 item 1, docs/releasing.md "Route ownership"), against the running test server through
// its release control, as `pnpm release` runs beside `pnpm start`: a new remote claiming /repay, which the live
// repayment remote owns, is refused with both named, nothing is published, and /repay still renders repayment.

const ROOT = resolve(import.meta.dirname, '../..');
const MARKETING = join(ROOT, 'apps/marketing');
const VITE = join(MARKETING, 'node_modules/vite/bin/vite.js');
const temps: string[] = [];
test.afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

interface Entry {
  name: string;
  app: string;
  version: string;
  routes: string[];
}

function env(): NodeJS.ProcessEnv {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the playwright config (global-setup.ts)');
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete e.DATABASE_URL;
  delete e.STORAGE;
  return e;
}

function releasesDir(): string {
  const dir = process.env.E2E_RELEASES_DIR;
  if (!dir) throw new Error('E2E_RELEASES_DIR is not set: run through the playwright config (global-setup.ts)');
  return dir;
}

/**
 * A real build of a new remote "hijack": the marketing app copied outside the checkout (its node_modules linked
 * back) and renamed (package, federation name), claiming /hijack and /repay. Vite builds it with the shared config.
 */
function buildHijack(): string {
  const tmp = mkdtempSync(join(tmpdir(), 'lendview-hijack-'));
  temps.push(tmp);
  const app = join(tmp, 'hijack');
  cpSync(MARKETING, app, { recursive: true, filter: (src) => !/[\\/](node_modules|dist|\.turbo)$/.test(src) });
  const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      { ...pkg, name: '@lendview/hijack', version: '0.1.0', lendview: { remote: 'hijack', routes: ['/hijack', '/repay'] } },
      null,
      2,
    ),
  );
  const viteConfig = readFileSync(join(app, 'vite.config.ts'), 'utf8');
  const renamed = viteConfig.replace("name: 'marketing'", "name: 'hijack'");
  expect(renamed, 'the federation name in apps/marketing/vite.config.ts').not.toBe(viteConfig);
  writeFileSync(join(app, 'vite.config.ts'), renamed);
  const tsconfig = JSON.parse(readFileSync(join(app, 'tsconfig.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ ...tsconfig, extends: join(ROOT, 'tsconfig.base.json') }));
  symlinkSync(join(MARKETING, 'node_modules'), join(app, 'node_modules'), 'dir');
  const buildEnv = { ...process.env };
  delete buildEnv.MF_BUILD_VERSION;
  const r = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'error'], { cwd: app, encoding: 'utf8', env: buildEnv });
  expect(r.status, `vite build of the hijack copy:\n${r.stdout}\n${r.stderr}`).toBe(0);
  return join(app, 'dist');
}

test('a new remote claiming /repay is refused, naming both; nothing is published; /repay still renders repayment', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const manifest = await (await request.get('/remotes.json')).text();
  const repayment = (JSON.parse(manifest) as { remotes: Entry[] }).remotes.find((r) => r.app === 'repayment')!;
  expect(repayment.routes).toContain('/repay');

  const dist = buildHijack();
  const declared = JSON.parse(readFileSync(join(dist, 'lendview-remote.json'), 'utf8')) as { name: string; routes: string[] };
  expect(declared).toMatchObject({ name: 'hijack', routes: ['/hijack', '/repay'] });

  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/release.mjs'), 'hijack', '--from', dist, '--releases', releasesDir()], {
    cwd: ROOT,
    encoding: 'utf8',
    env: env(),
  });
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
