import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';

const INDEX = '<!doctype html><html><head><title>LendView</title></head><body><div id="root"></div></body></html>';
const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "connect-src 'self';frame-src 'self';frame-ancestors 'self';form-action 'self';base-uri 'none';object-src 'none'";
/** As the publish step writes it: each remote with the routes it owns (a new route needs no server change). */
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

function writeFixtures(ctx: TestContext) {
  const shell = ctx.shellDir;
  mkdirSync(join(shell, 'assets'), { recursive: true });
  writeFileSync(join(shell, 'index.html'), INDEX);
  writeFileSync(join(shell, 'assets/index-abc123.js'), 'console.log("shell")');
  writeFileSync(join(shell, 'assets/index-abc123.css'), 'body{margin:0}');
  writeFileSync(join(shell, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  const rel = join(ctx.releasesDir, 'complaint-chatbot/1.4.0');
  mkdirSync(join(rel, 'assets'), { recursive: true });
  writeFileSync(join(ctx.releasesDir, 'remotes.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(rel, 'mf-manifest.json'), '{"id":"complaint-chatbot"}');
  writeFileSync(join(rel, 'remoteEntry.js'), 'export const x = 1;');
  writeFileSync(join(rel, 'assets/page-1a2b.js'), 'export default 1;');
  writeFileSync(join(rel, 'assets/_virtual_mf-localSharedImportMap___mfe_internal__x-1a2b.js'), 'export default 2;');
  writeFileSync(join(rel, 'assets/page-1a2b.css'), '.a{color:red}');
  writeFileSync(join(rel, 'assets/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(rel, 'assets/header.png'), PNG);
  writeFileSync(join(rel, 'assets/header.webp'), Buffer.from('RIFF0000WEBPVP8 ', 'latin1'));
  writeFileSync(join(ctx.releasesDir, 'secret.txt'), 'not a remote');
  // Precompressed copies, as every build writes them (packages/vite-config/precompress.mjs).
  for (const file of [join(rel, 'assets/page-1a2b.js'), join(shell, 'assets/index-abc123.js')]) {
    const body = file.includes('page-') ? 'export default 1;' : 'console.log("shell")';
    writeFileSync(`${file}.br`, brotliCompressSync(body));
    writeFileSync(`${file}.gz`, gzipSync(body));
  }
}

describe.each(BACKENDS)('static product (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false, setup: (_app, c) => writeFixtures(c) });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  describe('/remotes.json', () => {
    it('is read on every request and never cached', async () => {
      const first = await get('/remotes.json');
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.json()).toEqual(MANIFEST);

      const older = { remotes: MANIFEST.remotes.map((r) => ({ ...r, version: '1.3.9' })) };
      writeFileSync(join(ctx.releasesDir, 'remotes.json'), JSON.stringify(older));
      expect((await get('/remotes.json')).json()).toEqual(older);
      writeFileSync(join(ctx.releasesDir, 'remotes.json'), JSON.stringify(MANIFEST));
    });

    it('is a 404 envelope when not published', async () => {
      rmSync(join(ctx.releasesDir, 'remotes.json'));
      try {
        const res = await get('/remotes.json?isNeedPop=1', { accept: 'text/html' });
        expect(res.statusCode).toBe(404);
        expect(envelopeOf(res)).toEqual({ code: 'NOT_FOUND', data: null, message: 'The remotes manifest has not been published yet.' });
        expect(envelopeOf(await get('/remotes.json')).message).toBe('Manifes remote belum diterbitkan.');
      } finally {
        writeFileSync(join(ctx.releasesDir, 'remotes.json'), JSON.stringify(MANIFEST));
      }
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
        '/metrics',
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
      // A release that drops a route takes it off the server too (the manifest is re-read when it changes).
      const without = { remotes: MANIFEST.remotes.map((r) => ({ ...r, routes: r.routes.filter((x) => x !== '/newCampaign') })) };
      writeFileSync(join(ctx.releasesDir, 'remotes.json'), JSON.stringify(without));
      const later = Date.now() / 1000 + 5;
      utimesSync(join(ctx.releasesDir, 'remotes.json'), later, later);
      try {
        expect((await get('/newCampaign', { accept: '*/*' })).statusCode).toBe(404);
      } finally {
        writeFileSync(join(ctx.releasesDir, 'remotes.json'), JSON.stringify(MANIFEST));
        utimesSync(join(ctx.releasesDir, 'remotes.json'), later + 5, later + 5);
      }
      expect((await get('/newCampaign', { accept: '*/*' })).statusCode).toBe(200);
    });

    it('sends the security headers with the CSP', async () => {
      for (const path of ['/Policy', '/healthz', '/no-such-page', '/v3/nope']) {
        const res = await get(path, { accept: 'text/html' });
        expect(res.headers['content-security-policy']).toBe(CSP);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
    });

    it('a missing shell build answers a 404 envelope', async () => {
      rmSync(join(ctx.shellDir, 'index.html'));
      try {
        const res = await get('/Policy?isNeedPop=1', { accept: 'text/html' });
        expect(res.statusCode).toBe(404);
        expect(envelopeOf(res)).toEqual({ code: 'NOT_FOUND', data: null, message: 'The web pages have not been built yet.' });
      } finally {
        writeFileSync(join(ctx.shellDir, 'index.html'), INDEX);
      }
    });
  });
});
