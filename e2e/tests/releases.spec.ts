import { appendFileSync, cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, jsonOf, test } from './fixtures.ts';
import { buildMarketingCopy, nextPatch, readJson, releasesDir, removeCopies, script } from './marketing-copy.ts';

// Independent releases (docs/releasing.md) against the running test server: the release scripts act on the
// server's own database and releases folder (global-setup.ts passes them as E2E_DATA_DIR and E2E_RELEASES_DIR)
// while it serves pages. The server holds that embedded database, so the scripts go through its release control
// (apps/api/src/releases/control.ts), as `pnpm release` does next to a running `pnpm start`.

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Entry {
  name: string;
  app: string;
  version: string;
  entry: string;
  routes: string[];
}

let original: string | undefined;

test.beforeAll(async () => {
  const manifest = (await (await fetch(`${process.env.E2E_BASE_URL}/remotes.json`)).json()) as { remotes: Entry[] };
  original = manifest.remotes.find((r) => r.app === 'marketing')?.version;
});

// The specs after this one expect marketing as global-setup published it, whatever happened here.
test.afterAll(() => {
  if (original) {
    const restored = script('rollback', 'marketing', original);
    if (restored.status !== 0) throw new Error(`could not put marketing ${original} back live: ${restored.stderr}`);
  }
  removeCopies();
});

test('release one remote while the server runs, see it on reload, roll it back, every other remote untouched', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const before = (await jsonOf<{ remotes: Entry[] }>(await request.get('/remotes.json'))).remotes;
  const live = before.find((r) => r.app === 'marketing')!;
  const others = before.filter((r) => r.app !== 'marketing');
  expect(others.length).toBeGreaterThan(0);

  await page.goto('/About');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');

  const version = nextPatch(live.version, 'e2e.1');
  const dist = buildMarketingCopy({ version, aboutTitle: 'Tentang Kami (rilis baru)' });

  const released = script('release', 'marketing', '--from', dist);
  expect(released.status, released.stderr).toBe(0);
  expect(released.stdout).toContain(`marketing is live at ${version} (was ${live.version})`);

  // The server serves the new manifest at once: only marketing's entry moved, to its immutable versioned path.
  const after = (await jsonOf<{ remotes: Entry[] }>(await request.get('/remotes.json'))).remotes;
  expect(after.find((r) => r.app === 'marketing')).toEqual({ ...live, version, entry: `/remotes/marketing/${version}/mf-manifest.json` });
  expect(after.filter((r) => r.app !== 'marketing')).toEqual(others);

  // Same page, same shell: a reload is all it takes.
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami (rilis baru)');
  expect(fetched.some((p) => p.startsWith(`/remotes/marketing/${version}/`))).toBe(true);
  expect(fetched.some((p) => p.startsWith(`/remotes/marketing/${live.version}/`))).toBe(false);

  // Another remote still loads from its own, unchanged version.
  fetched.length = 0;
  await page.goto('/loanDetails?productId=1&orderId=DEMO-170&tok=demo-borrower');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detail pinjaman');
  const loanDetails = others.find((r) => r.app === 'loan-details')!;
  expect(fetched.some((p) => p === loanDetails.entry)).toBe(true);

  // Re-releasing the same bytes is a no-op; the same version with other bytes is refused (immutable).
  const again = script('release', 'marketing', '--from', dist);
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toContain('already published (identical)');
  const tampered = join(resolve(dist, '..'), 'dist-changed');
  cpSync(dist, tampered, { recursive: true });
  appendFileSync(join(tampered, 'remoteEntry.js'), '\n// changed after release\n');
  const clash = script('release', 'marketing', '--from', tampered);
  expect(clash.status).toBe(1);
  expect(clash.stderr).toContain(`marketing ${version} is already published with different content`);

  // Roll back (no version: the one live before) and the old About page is back on the next load.
  const rolled = script('rollback', 'marketing');
  expect(rolled.status, rolled.stderr).toBe(0);
  expect(rolled.stdout).toContain(`marketing is live at ${live.version} (was ${version})`);
  expect((await jsonOf<{ remotes: Entry[] }>(await request.get('/remotes.json'))).remotes).toEqual(before);
  await page.goto('/About');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');

  // `pnpm remotes` knows both versions, which one is live, and how each went live.
  const listed = script('list-remotes', '--json');
  expect(listed.status, listed.stderr).toBe(0);
  const rows = (
    JSON.parse(listed.stdout) as {
      remotes: {
        remote: string;
        version: string;
        live: boolean;
        action: string | null;
        wentLive: string | null;
      }[];
    }
  ).remotes.filter((r) => r.remote === 'marketing');
  // Other specs of this project (canary.spec.ts) publish marketing versions of their own (a canary that never went
  // live has no wentLive): only these two are ours.
  expect(rows.filter((r) => r.live).map((r) => r.version)).toEqual([live.version]);
  const ours = rows.filter((r) => r.version === version || r.version === live.version);
  expect(ours.map((r) => [r.version, r.live, r.action])).toEqual([
    [version, false, 'release'],
    [live.version, true, 'rollback'],
  ]);
  expect(ours.every((r) => r.wentLive !== null && !Number.isNaN(Date.parse(r.wentLive)))).toBe(true);
  const table = script('list-remotes');
  expect(table.stdout).toMatch(new RegExp(`marketing\\s+${live.version.replace(/\./g, '\\.')}\\s+live\\s`));
});

test('a remote built against an api-client major the live shell does not provide is refused, and nothing changes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const shell = await jsonOf<{ shared: Record<string, string> }>(await request.get('/lendview-shell.json'));
  const provided = shell.shared['@lendview/api-client']!;
  const nextMajor = `${Number(provided.split('.')[0]) + 1}.0.0`;
  const manifest = await (await request.get('/remotes.json')).text();
  const version = nextPatch(
    (JSON.parse(manifest) as { remotes: Entry[] }).remotes.find((r) => r.app === 'marketing')!.version,
    'e2e.major',
  );

  const dist = buildMarketingCopy({ version, aboutTitle: 'Tentang Kami (klien baru)', apiClientVersion: nextMajor });
  const declared = readJson<{ shared: Record<string, unknown> }>(join(dist, 'lendview-remote.json'));
  expect(declared.shared['@lendview/api-client']).toEqual({ version: nextMajor, requires: `${nextMajor.split('.')[0]}.x` });

  const refused = script('release', 'marketing', '--from', dist);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain(`release refused: marketing ${version} cannot go live`);
  expect(refused.stderr).toContain(
    `@lendview/api-client: the remote needs ${nextMajor.split('.')[0]}.x (built against ${nextMajor}), the shell provides ${provided}`,
  );

  // Nothing published, nothing switched.
  expect(existsSync(join(releasesDir(), 'marketing', version))).toBe(false);
  expect(await (await request.get('/remotes.json')).text()).toBe(manifest);
  await page.goto('/About');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');
});

test('cache headers: versioned remote assets immutable, the manifest and every HTML page never stale', async ({ request }) => {
  const manifestRes = await request.get('/remotes.json');
  expect(manifestRes.headers()['cache-control']).toBe('no-store');
  expect(manifestRes.headers()['content-type']).toContain('application/json');

  for (const path of ['/', '/About', '/loanDetails?productId=1&orderId=DEMO-170', '/index.html']) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toContain('text/html');
    // A page that went through the server render carries the borrower's data (and the manifest of their cohort):
    // never stored at all, also when the render missed its budget and the page went out with an empty root, since its
    // headers left first. The shell's index.html as it is (it still preloads /remotes.json): revalidated every time.
    const plainIndex = (await res.text()).includes('<link rel="preload" href="/remotes.json"');
    expect(res.headers()['cache-control'], path).toBe(plainIndex ? 'no-cache' : 'no-store');
  }
  const declaration = await request.get('/lendview-shell.json');
  expect(declaration.headers()['cache-control']).toBe('no-cache');

  // The shell's hashed files: immutable.
  const html = await (await request.get('/')).text();
  const shellAsset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
  expect(shellAsset, 'a hashed script in the shell index.html').toBeTruthy();
  expect((await request.get(shellAsset!)).headers()['cache-control']).toBe(IMMUTABLE);

  // A remote's versioned folder: hashed assets immutable for a year; its two fixed-name entry files are
  // revalidated (cheap 304s), because `pnpm start` republishes a local build under an unchanged version.
  const marketing = (await jsonOf<{ remotes: Entry[] }>(manifestRes)).remotes.find((r) => r.app === 'marketing')!;
  const mfRes = await request.get(marketing.entry);
  expect(mfRes.status()).toBe(200);
  expect(mfRes.headers()['cache-control']).toBe('no-cache');
  expect(mfRes.headers()['etag']).toBeTruthy();
  const mf = await jsonOf<{ exposes: { assets: { js: { sync: string[] } } }[] }>(mfRes);
  const folder = marketing.entry.replace(/mf-manifest\.json$/, '');
  const exposed = mf.exposes[0]!.assets.js.sync[0]!;
  const assetRes = await request.get(folder + exposed);
  expect(assetRes.status()).toBe(200);
  expect(assetRes.headers()['cache-control']).toBe(IMMUTABLE);
  expect((await request.get(folder + 'remoteEntry.js')).headers()['cache-control']).toBe('no-cache');
  expect((await request.get(folder + 'lendview-remote.json')).headers()['cache-control']).toBe(IMMUTABLE);

  // A version never published is a 404, never the shell's page.
  const missing = await request.get('/remotes/marketing/0.0.0-never/mf-manifest.json');
  expect(missing.status()).toBe(404);
});
