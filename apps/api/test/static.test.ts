import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { FolderStorage } from '../src/providers/storage.ts';
import { rollback } from '../src/releases/service.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';
import { releaseContext, releaseInto, remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';

// The static product from releases (src/releases, routes/static): /remotes.json from the database, remote and
// shell files from the storage provider (here the test's releases folder), with the cache headers of
// docs/releasing.md "Caching".

const INDEX = '<!doctype html><html><head><title>LendView</title></head><body><div id="root"></div></body></html>';
const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "connect-src 'self';frame-src 'self';frame-ancestors 'self';form-action 'self';base-uri 'none';object-src 'none'";
/** As /remotes.json answers it from the database: each live remote with the routes it owns (a new route needs no server change). */
const MANIFEST = {
  remotes: [
    {
      name: 'complaint_chatbot',
      app: 'complaint-chatbot',
      version: '1.4.0',
      entry: '/remotes/complaint-chatbot/1.4.0/mf-manifest.json',
      routes: ['/complaint'],
    },
    {
      name: 'promotion_registration',
      app: 'promotion-registration',
      version: '1.0.0',
      entry: '/remotes/promotion-registration/1.0.0/mf-manifest.json',
      routes: ['/promo', '/ops/templates', '/ops/templates/edit', '/newCampaign'],
    },
  ],
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** Larger than what the server keeps in memory (serving.ts SMALL_FILE): streamed from storage. */
const BIG = `export const big = ${JSON.stringify('x'.repeat(300 * 1024))};`;

function chatbotBuild(version: string) {
  // Precompressed copies, as every build writes them (packages/vite-config/precompress.mjs).
  return remoteBuild(tempDir(), {
    name: 'complaint_chatbot',
    version,
    routes: ['/complaint'],
    files: {
      'assets/page-1a2b.js': 'export default 1;',
      'assets/page-1a2b.js.br': brotliCompressSync('export default 1;'),
      'assets/page-1a2b.js.gz': gzipSync('export default 1;'),
      'assets/_virtual_mf-localSharedImportMap___mfe_internal__x-1a2b.js': 'export default 2;',
      'assets/page-1a2b.css': '.a{color:red}',
      'assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'assets/header.png': PNG,
      'assets/header.webp': Buffer.from('RIFF0000WEBPVP8 ', 'latin1'),
      'assets/big.js': BIG,
      '.vite/manifest.json': '{}',
    },
  });
}

function promotionBuild(version: string, routes: string[]) {
  return remoteBuild(tempDir(), {
    name: 'promotion_registration',
    version,
    routes,
    files: { 'index.html': '<html><head><script type="module" src="./assets/entry.js"></script></head></html>', 'assets/entry.js': '1' },
  });
}

function shellFiles(version: string, asset: string, index = INDEX) {
  return shellBuild(tempDir(), {
    version,
    index,
    files: {
      [`assets/${asset}.js`]: 'console.log("shell")',
      [`assets/${asset}.js.br`]: brotliCompressSync('console.log("shell")'),
      [`assets/${asset}.js.gz`]: gzipSync('console.log("shell")'),
      [`assets/${asset}.css`]: 'body{margin:0}',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    },
  });
}

/** The shell first (every remote is checked against it), then the two remotes: real releases into the test's database and folder. */
async function publishFixtures(ctx: TestContext) {
  await releaseInto(ctx, 'shell', shellFiles('0.1.0', 'index-abc123'));
  await releaseInto(ctx, 'complaint-chatbot', chatbotBuild('1.4.0'));
  await releaseInto(ctx, 'promotion-registration', promotionBuild('1.0.0', MANIFEST.remotes[1]!.routes));
  // In the releases folder but never published: never served.
  writeFileSync(join(ctx.releasesDir, 'secret.txt'), 'not a remote');
  writeFileSync(join(ctx.releasesDir, 'complaint-chatbot/1.4.0/unlisted.js'), 'not listed');
}

const back = (ctx: TestContext, app: string, version: string) =>
  rollback(releaseContext(ctx.db, new FolderStorage(ctx.releasesDir)), app, version);

describe.each(BACKENDS)('static product (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false, setup: (_app, c) => publishFixtures(c) });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  describe('/remotes.json', () => {
    it('is read from the database on every request and never cached', async () => {
      const first = await get('/remotes.json');
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.json()).toEqual(MANIFEST);

      await releaseInto(ctx, 'complaint-chatbot', chatbotBuild('1.5.0'));
      try {
        expect((await get('/remotes.json')).json()).toEqual({
          remotes: [
            { ...MANIFEST.remotes[0], version: '1.5.0', entry: '/remotes/complaint-chatbot/1.5.0/mf-manifest.json' },
            MANIFEST.remotes[1],
          ],
        });
      } finally {
        await back(ctx, 'complaint-chatbot', '1.4.0');
      }
      expect((await get('/remotes.json')).json()).toEqual(MANIFEST);
      // The other version stays published: a page loaded before the switch finishes loading.
      expect((await get('/remotes/complaint-chatbot/1.5.0/remoteEntry.js')).statusCode).toBe(200);
    });
  });

  describe('/remotes/<app>/<version>/<file>', () => {
    it.each([
      ['mf-manifest.json', /^application\/json/, 'no-cache'],
      ['remoteEntry.js', /^(text|application)\/javascript/, 'no-cache'],
      ['assets/page-1a2b.js', /^(text|application)\/javascript/, IMMUTABLE],
      ['assets/page-1a2b.css', /^text\/css/, IMMUTABLE],
      // Module Federation names some chunks with a leading underscore.
      ['assets/_virtual_mf-localSharedImportMap___mfe_internal__x-1a2b.js', /^(text|application)\/javascript/, IMMUTABLE],
      ['assets/logo.svg', /^image\/svg\+xml/, IMMUTABLE],
      ['assets/header.png', /^image\/png$/, IMMUTABLE],
      ['assets/header.webp', /^image\/webp$/, IMMUTABLE],
    ])('%s', async (file, type, cache) => {
      const res = await get(`/remotes/complaint-chatbot/1.4.0/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers['cache-control']).toBe(cache);
    });

    it("sends the build's .br / .gz copy to a browser that accepts it, with the file's own type and caching", async () => {
      for (const path of ['/remotes/complaint-chatbot/1.4.0/assets/page-1a2b.js', '/assets/index-abc123.js']) {
        const plain = path.includes('page-') ? 'export default 1;' : 'console.log("shell")';
        const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
        expect(br.statusCode, path).toBe(200);
        expect(br.headers['content-encoding'], path).toBe('br');
        expect(br.headers['content-type'], path).toMatch(/^(text|application)\/javascript/);
        expect(br.headers['cache-control'], path).toBe(IMMUTABLE);
        expect(br.headers.vary, path).toMatch(/accept-encoding/i);
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
        const gz = await get(path, { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding'], path).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
        const none = await get(path, { 'accept-encoding': 'identity' });
        expect(none.headers['content-encoding'], path).toBeUndefined();
        expect(none.body).toBe(plain);
      }
      // A file without copies (too small to be worth it) is sent as it is.
      const css = await get('/remotes/complaint-chatbot/1.4.0/assets/page-1a2b.css', { 'accept-encoding': 'br, gzip' });
      expect(css.headers['content-encoding']).toBeUndefined();
      expect(css.body).toBe('.a{color:red}');
    });

    it('missing files are a real 404, never index.html', async () => {
      for (const path of [
        '/remotes/complaint-chatbot/1.4.0/nope.js',
        '/remotes/complaint-chatbot/9.9.9/remoteEntry.js',
        '/remotes/unknown/1.0.0/mf-manifest.json',
        '/remotes/complaint-chatbot/1.4.0/assets',
        '/remotes/complaint-chatbot/1.4.0/',
        '/remotes/secret.txt',
        '/remotes/complaint-chatbot/1.4.0/../../secret.txt',
        '/remotes/complaint-chatbot/1.4.0/..%2F..%2Fsecret.txt',
        '/remotes/complaint-chatbot/1.4.0/.hidden',
        // In storage but not listed for the version in the database (a request never names a storage key).
        '/remotes/complaint-chatbot/1.4.0/unlisted.js',
        '/remotes/complaint-chatbot/1.4.0/.vite/manifest.json',
        // The shell is not a remote.
        '/remotes/shell/0.1.0/index.html',
      ]) {
        const res = await get(`${path}`, { accept: 'text/html,*/*' });
        expect(res.statusCode, path).toBe(404);
        expect(res.headers['content-type'], path).toMatch(/^application\/json/);
        expect(res.headers['cache-control'], path).toBe('no-store');
        expect(res.body).not.toContain('<!doctype html>');
        expect(res.body).not.toContain('not a remote');
        expect(envelopeOf(res).code).toBe('NOT_FOUND');
      }
    });

    it("a listed file that storage lost is a 404 envelope, without the file's headers", async () => {
      const unique = `export const v = ${JSON.stringify(Math.random())};`;
      await releaseInto(
        ctx,
        'complaint-chatbot',
        remoteBuild(tempDir(), {
          name: 'complaint_chatbot',
          version: '1.6.0',
          routes: ['/complaint'],
          files: { 'assets/only.js': unique, 'assets/only.js.br': brotliCompressSync(unique), 'assets/big.js': BIG },
        }),
      );
      try {
        rmSync(join(ctx.releasesDir, 'complaint-chatbot/1.6.0/assets/only.js.br'));
        rmSync(join(ctx.releasesDir, 'complaint-chatbot/1.6.0/assets/big.js'));
        for (const path of ['assets/only.js', 'assets/big.js']) {
          const res = await get(`/remotes/complaint-chatbot/1.6.0/${path}`, { 'accept-encoding': 'br' });
          expect(res.statusCode, path).toBe(404);
          expect(res.headers['cache-control'], path).toBe('no-store');
          expect(res.headers['content-encoding'], path).toBeUndefined();
          expect(res.headers.etag, path).toBeUndefined();
          expect(envelopeOf(res).code).toBe('NOT_FOUND');
        }
      } finally {
        await back(ctx, 'complaint-chatbot', '1.4.0');
      }
    });

    it('answers 304 to a revalidation with the ETag (the content hash), per encoding', async () => {
      const path = '/remotes/complaint-chatbot/1.4.0/assets/page-1a2b.js';
      const br = await get(path, { 'accept-encoding': 'br' });
      const plain = await get(path);
      expect(br.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
      expect(plain.headers.etag).not.toBe(br.headers.etag);
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe(IMMUTABLE);
      expect((await get(path, { 'if-none-match': String(br.headers.etag) })).statusCode).toBe(200);
    });

    it('streams a large file from storage with its length', async () => {
      const res = await get('/remotes/complaint-chatbot/1.4.0/assets/big.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(BIG)));
      expect(res.body).toBe(BIG);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      const head = await ctx.app.inject({ method: 'HEAD', url: '/remotes/complaint-chatbot/1.4.0/assets/big.js' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    });
  });

  describe('the shell', () => {
    it.each([
      '/',
      '/Policy',
      '/that?productId=1&orderId=DEMO-170',
      '/loanDetails?productId=1&orderId=DEMO-21',
      '/error',
      '/repay',
      '/complainDetails',
    ])('page route %s → index.html', async (path) => {
      const res = await get(path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    });

    it('serves shell files with immutable caching for hashed assets', async () => {
      const js = await get('/assets/index-abc123.js');
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(js.headers['cache-control']).toBe(IMMUTABLE);
      const css = await get('/assets/index-abc123.css');
      expect(css.headers['content-type']).toMatch(/^text\/css/);
      const icon = await get('/favicon.svg');
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(icon.headers['cache-control']).toBe('no-cache');
    });

    it('missing assets and non-HTML requests are 404 envelopes', async () => {
      for (const [path, accept] of [
        ['/assets/missing.js', 'text/html'],
        ['/missing.png', 'text/html'],
        ['/Policy', 'application/json'],
        ['/v3/no-such-endpoint', '*/*'],
        // The operator API is not a page, even for a browser asking for HTML (its pages are /ops/templates...).
        ['/ops/api/no-such-endpoint', 'text/html'],
      ] as const) {
        const res = await get(path, { accept });
        expect(res.statusCode, path).toBe(404);
        expect(envelopeOf(res).code).toBe('NOT_FOUND');
      }
    });

    it('a page route answers the page to clients that accept anything (curl, crawlers), "/" included', async () => {
      for (const [path, accept] of [
        ['/', '*/*'],
        ['/', ''],
        ['/Policy', '*/*'],
        ['/loanDetails', ''],
        ['/ops/templates', 'text/html'],
      ] as const) {
        const res = await get(path, accept ? { accept } : {});
        expect(res.statusCode, `${path} with accept "${accept}"`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
    });

    it('unknown non-page paths answer a 404 envelope even to a browser: API prefixes, probes, file extensions', async () => {
      for (const path of [
        '/readyz-extra',
        '/readyz/x',
        '/metrics/x',
        '/livez',
        '/health',
        '/status',
        '/actuator/health',
        '/.well-known/security.txt',
        '/api/anything',
        '/v3/whatever/deep',
        '/ops/api/x',
        '/dev/sms-outbox-old',
        '/payments/unknown',
        '/partner/api/nope',
        '/h5-api/v3/nope',
        '/market/nope',
        '/user-problem/nope',
        '/robots.txt',
        '/Policy.json',
        '/wp-login.php',
        '/backup.tar.gz',
      ]) {
        for (const accept of ['text/html,application/xhtml+xml,*/*;q=0.8', '*/*', '']) {
          const res = await get(path, accept ? { accept } : {});
          expect(res.statusCode, `${path} (${accept})`).toBe(404);
          expect(res.headers['content-type'], path).toMatch(/^application\/json/);
          expect(res.body, path).not.toContain('<div id="root">');
          expect(envelopeOf(res).code).toBe('NOT_FOUND');
        }
      }
      // Other methods on a page route are not pages either.
      const post = await ctx.app.inject({ method: 'POST', url: '/Policy', headers: { accept: 'text/html' } });
      expect(post.statusCode).toBe(404);
      expect(envelopeOf(post).code).toBe('NOT_FOUND');
    });

    it('page routes come from ARCHITECTURE.md, the shell and the published manifest; other page-like paths are a 404', async () => {
      // Declared by a remote in remotes.json only: a page without any server change.
      for (const path of ['/newCampaign', '/ops/templates/edit', '/testPreview', '/loanDetails/']) {
        const res = await get(path, { accept: '*/*' });
        expect(res.statusCode, path).toBe(200);
        expect(res.body).toBe(INDEX);
      }
      // Nobody declares these: a probe or crawler gets the envelope, a browser the shell's "page not found"
      // screen with status 404 (never a 200 that reads as "this page exists").
      for (const path of ['/no-such-page', '/policy', '/ops/nothing', '/loanDetails/extra']) {
        const probe = await get(path, { accept: '*/*' });
        expect(probe.statusCode, path).toBe(404);
        expect(envelopeOf(probe)).toMatchObject({ code: 'NOT_FOUND', data: null });
        const browser = await get(path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
        expect(browser.statusCode, path).toBe(404);
        expect(browser.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(browser.body).toBe(INDEX);
      }
      // A release that drops a route takes it off the server too, on the next request.
      await releaseInto(ctx, 'promotion-registration', promotionBuild('1.1.0', ['/promo', '/ops/templates', '/ops/templates/edit']));
      try {
        expect((await get('/newCampaign', { accept: '*/*' })).statusCode).toBe(404);
      } finally {
        await back(ctx, 'promotion-registration', '1.0.0');
      }
      expect((await get('/newCampaign', { accept: '*/*' })).statusCode).toBe(200);
    });

    it("a shell release serves its own index.html at once, and the earlier shell's hashed assets still load", async () => {
      const next = '<!doctype html><html><head><title>LendView 2</title></head><body><div id="root"></div></body></html>';
      await releaseInto(ctx, 'shell', shellFiles('0.2.0', 'index-def456', next));
      try {
        expect((await get('/Policy', { accept: 'text/html' })).body).toBe(next);
        expect((await get('/')).body).toBe(next);
        expect((await get('/assets/index-def456.js')).statusCode).toBe(200);
        // A page loaded before the switch asks for the old shell's files: still there.
        const old = await get('/assets/index-abc123.js');
        expect(old.statusCode).toBe(200);
        expect(old.headers['cache-control']).toBe(IMMUTABLE);
        expect(old.body).toBe('console.log("shell")');
        expect((await get('/lendview-shell.json')).json()).toMatchObject({ version: '0.2.0' });
      } finally {
        await back(ctx, 'shell', '0.1.0');
      }
      expect((await get('/Policy', { accept: 'text/html' })).body).toBe(INDEX);
      const decl = await get('/lendview-shell.json');
      expect(decl.json()).toMatchObject({ version: '0.1.0' });
      expect(decl.headers['cache-control']).toBe('no-cache');
    });

    it('sends the security headers with the CSP', async () => {
      for (const path of ['/Policy', '/healthz', '/no-such-page', '/v3/nope']) {
        const res = await get(path, { accept: 'text/html' });
        expect(res.headers['content-security-policy']).toBe(CSP);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
    });
  });
});

describe.each(BACKENDS)('static product with nothing released (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('/remotes.json is a 404 envelope while no remote is live', async () => {
    const res = await get('/remotes.json?isNeedPop=1', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res)).toEqual({ code: 'NOT_FOUND', data: null, message: 'The remotes manifest has not been published yet.' });
    expect(envelopeOf(await get('/remotes.json')).message).toBe('Manifes remote belum diterbitkan.');
  });

  it('a page is a 404 envelope while no shell is live', async () => {
    const res = await get('/Policy?isNeedPop=1', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res)).toEqual({ code: 'NOT_FOUND', data: null, message: 'The web pages have not been built yet.' });
    expect((await get('/index.html', { accept: 'text/html' })).statusCode).toBe(404);
  });
});

describe.each(BACKENDS)('the first start publishes the local shell build (%s)', (backend) => {
  // SHELL_DIR holds a build and no shell is live: the server publishes it as the initial shell (`pnpm start`
  // and a bare server need nothing else); another start finds it live and changes nothing.
  const ctx = useTestApp(backend, {
    seed: false,
    setup: (_app, c) => {
      shellBuild(c.shellDir, { version: '0.1.0', index: INDEX, files: { 'assets/index-abc123.js': 'console.log("shell")' } });
    },
  });

  it('serves it, records it, and does it once', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/Policy', headers: { accept: 'text/html' } })).body).toBe(INDEX);
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    const events = await ctx.db.query<{ app: string; version: string; action: string }>('SELECT app, version, action FROM release_history');
    expect(events).toEqual([{ app: 'shell', version: '0.1.0', action: 'initial' }]);
    const [row] = await ctx.db.query<{ source: string }>("SELECT source FROM release_versions WHERE app = 'shell'");
    expect(row!.source).toBe('local');
    expect(readdirSync(join(ctx.releasesDir, 'shell/0.1.0')).sort()).toEqual(['assets', 'index.html', 'lendview-shell.json']);

    // Another instance starting on the same database: the shell is live, nothing more is published.
    const again = buildApp({ db: ctx.db, demo: true, shellDir: ctx.shellDir, releasesDir: ctx.releasesDir, logger: false });
    await again.ready();
    await again.close();
    expect(await ctx.db.query('SELECT app FROM release_history')).toHaveLength(1);
  });
});

describe.each(BACKENDS)('assets from a CDN origin: ASSET_ORIGIN (%s)', (backend) => {
  const ORIGIN = 'https://cdn.lendview.example';
  const ctx = useTestApp(backend, { seed: false, setup: (_app, c) => publishFixtures(c), app: { releases: { assetOrigin: ORIGIN } } });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('remote entries name the origin; the CSP lets pages load from it; remote files may be used across origins', async () => {
    const manifest = (await get('/remotes.json')).json<typeof MANIFEST>();
    expect(manifest.remotes.map((r) => r.entry)).toEqual([
      `${ORIGIN}/remotes/complaint-chatbot/1.4.0/mf-manifest.json`,
      `${ORIGIN}/remotes/promotion-registration/1.0.0/mf-manifest.json`,
    ]);
    const page = await get('/Policy', { accept: 'text/html' });
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' ${ORIGIN};style-src 'self' 'unsafe-inline' ${ORIGIN};img-src 'self' data: blob: ${ORIGIN};` +
        `connect-src 'self' ${ORIGIN};frame-src 'self';frame-ancestors 'self';form-action 'self';base-uri 'none';object-src 'none';font-src 'self' ${ORIGIN}`,
    );
    // A CDN fetches from this server (its origin): the files carry what a page on another origin needs.
    const file = await get('/remotes/complaint-chatbot/1.4.0/remoteEntry.js');
    expect(file.headers['access-control-allow-origin']).toBe('*');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(file.headers['cache-control']).toBe('no-cache');
    // The shell's own files stay on the page's origin.
    expect((await get('/assets/index-abc123.js')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('the standalone landing loads its files from the origin', async () => {
    const res = await get('/landing?templateId=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`src="${ORIGIN}/remotes/promotion-registration/1.0.0/assets/entry.js"`);
  });
});
