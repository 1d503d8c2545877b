import { bridgeCalls, expect, expectAccessible, jsonOf, loginAs, newOrder, test } from './fixtures.ts';

test('a broken remote takes down its own routes only, with a localized retry that really retries', async ({
  page,
  allowFailedResources,
}) => {
  allowFailedResources.push(/\/remotes\/marketing\//);
  let broken = true;
  // Break the marketing entry in the manifest as served: it points at a version that was never published.
  await page.route('**/remotes.json', async (route) => {
    const res = await route.fetch();
    const manifest = await jsonOf<{ remotes: { name: string; entry: string }[] }>(res);
    if (broken) {
      for (const r of manifest.remotes)
        if (r.name === 'marketing') r.entry = r.entry.replace(/\/[^/]+\/mf-manifest\.json$/, '/9.9.9/mf-manifest.json');
    }
    await route.fulfill({ response: res, json: manifest });
  });
  // A server-rendered page (issue 14) comes with the manifest in it, not from /remotes.json: for it, the remote's
  // files themselves are missing, so its scripts fail to load in the browser.
  await page.route('**/remotes/marketing/**', (route) => (broken ? route.fulfill({ status: 404, body: 'gone' }) : route.fallback()));

  await page.goto('/About?isNeedPop=1');
  await expect(page.getByText('This part of the app could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  // Every other feature keeps working in the same page: another remote and the shell's own route.
  // (English carries over: the first page had isNeedPop=1.)
  // (A borrower page needs a session: without one it is the 'log in again' screen, trust.spec.ts.)
  await page.goto('/complaint?tok=demo-borrower');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complaints and help');
  await page.goto('/testPreview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer test page');

  await page.goto('/About?isNeedPop=0');
  await expect(page.getByText('Bagian aplikasi ini tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.')).toBeVisible();
  await expectAccessible(page);

  // Fixed while the page is open: Retry fetches the remote again.
  broken = false;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');
});

test('a remote that throws at load shows the retry panel, and Retry loads it once it is back', async ({ page, allowFailedResources }) => {
  allowFailedResources.push(/\/remotes\/marketing\/.*\/remoteEntry\.js$/);
  let fail = true;
  await page.route('**/remotes/marketing/**/remoteEntry.js', (route) =>
    fail ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
  );
  await page.goto('/About');
  const retry = page.getByRole('button', { name: 'Coba lagi' });
  await expect(retry).toBeVisible();
  fail = false;
  await retry.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');
});

test('a remote is downloaded only when one of its routes is visited', async ({ page }) => {
  const remoteFiles: string[] = [];
  page.on('request', (r) => {
    const m = /\/remotes\/([^/]+)\//.exec(new URL(r.url()).pathname);
    if (m) remoteFiles.push(m[1]!);
  });
  await page.goto('/testPreview');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(remoteFiles).toEqual([]);
  await page.goto('/About');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');
  expect(new Set(remoteFiles)).toEqual(new Set(['marketing']));
});

test('shared libraries load once per page: no remote downloads its own copy of a singleton', async ({ page }) => {
  // A minimal React devtools hook: every react-dom copy that starts registers its renderer here.
  await page.addInitScript(() => {
    const w = window as unknown as { __renderers: unknown[]; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.__renderers = [];
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject(renderer: unknown) {
        w.__renderers.push(renderer);
        return w.__renderers.length;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      setStrictMode() {},
    };
  });
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  // Through two remotes in one page (client-side navigation keeps the same page and runtime).
  await page.goto('/About');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');
  await page.evaluate(() => {
    history.pushState({}, '', '/loanDetails?productId=1&orderId=DEMO-170&tok=demo-borrower');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detail pinjaman');

  // A remote's fallback copies of shared libraries are built as "__prebuild__" chunks; none may be fetched.
  const remoteCopies = scripts.filter((s) => s.startsWith('/remotes/') && /__prebuild__/.test(s));
  expect(remoteCopies).toEqual([]);
  // The host's one copy of each is what the page holds.
  for (const lib of [
    'react__loadShare',
    'react_mf_2_dom',
    'react_mf_2_router',
    'tanstack_mf_1_react_mf_2_query',
    'i18next__loadShare',
    'react_mf_2_i18next',
  ]) {
    const copies = scripts.filter((s) => s.includes(lib));
    expect(copies.length, `${lib}: ${copies.join(', ')}`).toBeGreaterThan(0);
    expect(
      copies.every((s) => s.startsWith('/assets/')),
      `${lib} must come from the shell: ${copies.join(', ')}`,
    ).toBe(true);
  }
  // The runtime agrees: every instance's share scope holds one version of each singleton, provided by the shell.
  const scope = await page.evaluate(() => {
    type Share = Record<string, Record<string, Record<string, Record<string, { from?: string }>>>>;
    const fed = (globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Share } }).__FEDERATION__;
    const out: Record<string, string[]> = {};
    for (const [instance, scopes] of Object.entries(fed?.__SHARE__ ?? {}))
      for (const [pkg, versions] of Object.entries(scopes.default ?? {}))
        for (const [version, v] of Object.entries(versions)) (out[pkg] ??= []).push(`${instance}:${version}:${v.from}`);
    return out;
  });
  for (const lib of [
    'react',
    'react-dom',
    'react-router',
    '@tanstack/react-query',
    'i18next',
    'react-i18next',
    '@lendview/ui',
    '@lendview/i18n',
    '@lendview/api-client',
    '@lendview/bridge',
  ]) {
    const entries = scope[lib] ?? [];
    expect(entries.length, `${lib} in the share scope`).toBeGreaterThan(0);
    expect(new Set(entries.map((e) => e.split(':')[1])).size, `${lib}: ${entries.join(', ')}`).toBe(1);
    expect(
      entries.every((e) => e.endsWith(':shell')),
      `${lib}: ${entries.join(', ')}`,
    ).toBe(true);
  }
  // And React itself counts one renderer: a second react-dom would register a second one with the devtools hook.
  expect(await page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers.length)).toBe(1);
});

test('isNeedPop=1 means English, and the choice carries over while moving between pages', async ({ page }) => {
  await page.goto('/aboutUs?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  await page.goto('/loanTerms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loan terms and conditions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/loanTerms?isNeedPop=0');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Syarat dan ketentuan pinjaman');
  await page.goto('/aboutUs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tentang kami');
});

test('an unknown path shows a localized not-found page', async ({ page }) => {
  await page.goto('/no-such-page?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expectAccessible(page);
});

test('developer test page: fields survive a reload and become the shared request params', async ({ page, request }) => {
  // An SMS login of a borrower of this test's own (codes are limited per phone: no other test asks for its codes).
  const mine = await newOrder(request, 'early');
  const tok = await loginAs(request, mine.phone);
  await page.goto('/testPreview?isNeedPop=1');
  await page.getByLabel('Device id').fill('e2e-device-1');
  await page.getByLabel('Session id (tok)').fill(tok);
  await page.getByLabel('App version').fill('9.8.7');
  await page.getByLabel('Order id').fill(mine.orderNo);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. These values are now sent with every request.')).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByLabel('Device id')).toHaveValue('e2e-device-1');
  await expect(page.getByLabel('Order id')).toHaveValue(mine.orderNo);

  // Links carry the params; a request from the next screen carries them in its query and identity headers.
  const link = page.getByRole('link', { name: 'Customer service' });
  await expect(link).toHaveAttribute('href', new RegExp(`tok=${tok}`));
  const call = page.waitForRequest((r) => r.url().includes('/v3/personal-center/contact-kf-info'));
  await link.click();
  const req = await call;
  const url = new URL(req.url());
  expect(url.searchParams.get('dId')).toBe('e2e-device-1');
  expect(url.searchParams.get('aVer')).toBe('9.8.7');
  expect(req.headers()['x-lv-token']).toBe(tok);
  expect(req.headers()['x-lv-device']).toBe('e2e-device-1');
  expect(req.postData()).toContain('overall=30');
});

test('developer test page: photo input, contact field and location each show what they got', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -6.2088, longitude: 106.8456, accuracy: 12 });
  await page.goto('/testPreview?isNeedPop=1');
  await page.getByTestId('tp-photo').setInputFiles({ name: 'ktp.png', mimeType: 'image/png', buffer: Buffer.alloc(2048, 1) });
  await expect(page.getByText('Got ktp.png, 2 KB, image/png')).toBeVisible();
  await page.getByLabel('Contact').fill('Budi 081234567890');
  await expect(page.getByText('Got: Budi 081234567890')).toBeVisible();
  await page.getByRole('button', { name: 'Get location' }).click();
  await expect(page.getByText('Latitude -6.20880, longitude 106.84560 (±12 m)')).toBeVisible();
  expect(await bridgeCalls(page)).toEqual([]);
});
