import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANDING_TEMPLATE_ELEMENT } from '@lendview/contracts';
import { FolderStorage } from '../src/providers/storage.ts';
import { rollback } from '../src/releases/service.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';
import { releaseContext, releaseInto, remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';

// GET /landing (src/routes/landing): the promotion-registration remote's standalone index.html from the live
// release (database + storage), for ad traffic without the shell (apps/promotion-registration/README.md).

const html = (tag: string) =>
  `<!doctype html><html><head><title>LendView</title><script type="module" crossorigin src="./assets/entry-${tag}.js"></script>` +
  `<link rel="modulepreload" crossorigin href="./assets/App-${tag}.js"><link rel="stylesheet" href="./assets/index-${tag}.css">` +
  `<link rel="icon" href="/favicon.svg"></head><body><div id="root"></div></body></html>`;

/**
 * A promotion-registration build. 'remote-page': the page is the remote build's own index.html (builds before the
 * plain-page build); 'landing-build': dist/landing/index.html beside the remote's index.html (today's builds);
 * 'none': no page at all.
 */
function promotion(version: string, page: 'remote-page' | 'landing-build' | 'none' = 'remote-page') {
  const files: Record<string, string> =
    page === 'none'
      ? {}
      : page === 'remote-page'
        ? { 'index.html': html(version), [`assets/entry-${version}.js`]: '1' }
        : {
            'index.html': html(`remote-${version}`),
            [`assets/entry-remote-${version}.js`]: '1',
            'landing/index.html': html(version),
            [`landing/assets/entry-${version}.js`]: '1',
          };
  return remoteBuild(tempDir(), { name: 'promotion_registration', version, routes: ['/promo'], files });
}

async function publish(ctx: TestContext) {
  await releaseInto(ctx, 'shell', shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html>' }));
  await releaseInto(ctx, 'promotion-registration', promotion('1.0.0'));
  await releaseInto(ctx, 'promotion-registration', promotion('1.1.0'));
}

const back = (ctx: TestContext, version: string) =>
  rollback(releaseContext(ctx.db, new FolderStorage(ctx.releasesDir)), 'promotion-registration', version);

describe.each(BACKENDS)('standalone landing (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false, setup: (_app, c) => publish(c) });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves the live release with its relative URLs made absolute, never cached', async () => {
    const res = await get('/landing?templateId=1&utm_tag=x');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('src="/remotes/promotion-registration/1.1.0/assets/entry-1.1.0.js"');
    expect(res.body).toContain('href="/remotes/promotion-registration/1.1.0/assets/App-1.1.0.js"');
    expect(res.body).toContain('href="/remotes/promotion-registration/1.1.0/assets/index-1.1.0.css"');
    expect(res.body).toContain('href="/favicon.svg"');
    expect(res.body).not.toContain('"./');
    expect((await get('/remotes/promotion-registration/1.1.0/assets/entry-1.1.0.js')).statusCode).toBe(200);
  });

  it("serves the plain-page build's landing/index.html when the release has one, and rolls back to one without", async () => {
    await releaseInto(ctx, 'promotion-registration', promotion('1.4.0', 'landing-build'));
    try {
      const res = await get('/landing?templateId=1');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('src="/remotes/promotion-registration/1.4.0/landing/assets/entry-1.4.0.js"');
      expect(res.body).toContain('href="/remotes/promotion-registration/1.4.0/landing/assets/index-1.4.0.css"');
      expect(res.body).toContain('href="/favicon.svg"');
      expect(res.body).not.toContain('entry-remote-');
      expect((await get('/remotes/promotion-registration/1.4.0/landing/assets/entry-1.4.0.js')).statusCode).toBe(200);
    } finally {
      await back(ctx, '1.1.0');
    }
    expect((await get('/landing?templateId=1')).body).toContain('src="/remotes/promotion-registration/1.1.0/assets/entry-1.1.0.js"');
  });

  it('follows a rollback at once', async () => {
    await back(ctx, '1.0.0');
    try {
      expect((await get('/landing?templateId=1')).body).toContain('/remotes/promotion-registration/1.0.0/assets/entry-1.0.0.js');
    } finally {
      await back(ctx, '1.1.0');
    }
    expect((await get('/landing?templateId=1')).body).toContain('/remotes/promotion-registration/1.1.0/assets/entry-1.1.0.js');
  });

  it('answers a 404 envelope when the live build has no page, or storage lost it', async () => {
    await releaseInto(ctx, 'promotion-registration', promotion('1.2.0', 'none'));
    try {
      const res = await get('/landing?templateId=1');
      expect(res.statusCode).toBe(404);
      expect(envelopeOf(res).code).toBe('NOT_FOUND');
    } finally {
      await back(ctx, '1.1.0');
    }
    // Listed in the database, gone from storage (never read before, so not in the server's memory either).
    await releaseInto(ctx, 'promotion-registration', promotion('1.3.0'));
    rmSync(join(ctx.releasesDir, 'promotion-registration/1.3.0/index.html'));
    try {
      expect((await get('/landing')).statusCode).toBe(404);
    } finally {
      await back(ctx, '1.1.0');
    }
  });
});

describe.each(BACKENDS)('standalone landing, not released (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false });

  it('answers a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/landing?templateId=1&isNeedPop=1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res)).toEqual({ code: 'NOT_FOUND', data: null, message: 'The remotes manifest has not been published yet.' });
  });
});

describe.each(BACKENDS)('standalone landing, the template in the page (%s)', (backend) => {
  const ctx = useTestApp(backend, { setup: (_app, c) => publish(c) });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const element = (html: string) =>
    new RegExp(`<script id="${LANDING_TEMPLATE_ELEMENT}" type="application/json">(.*?)</script></head>`).exec(html)?.[1];

  it("carries the published template's answer of channel-template, as the API gives it, in the head", async () => {
    const res = await get('/landing?templateId=1&utm_tag=x');
    expect(res.statusCode).toBe(200);
    const json = element(res.body);
    expect(json).toBeDefined();
    // Script-safe: nothing in it can end its element.
    expect(json).not.toMatch(/[<>]/);
    const api = envelopeOf(await ctx.app.inject({ method: 'GET', url: '/api/v2/lendview/service/channel/channel-template?templateId=1' }));
    expect(api.code).toBe('00');
    expect(JSON.parse(json!)).toEqual({ templateId: 1, data: api.data });
    // Still the page itself.
    expect(res.body).toContain('src="/remotes/promotion-registration/1.1.0/assets/entry-1.1.0.js"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('carries nothing for a template not published, a bad or missing templateId: the page asks as before', async () => {
    for (const url of [
      '/landing?templateId=999',
      '/landing?templateId=abc',
      '/landing?templateId=0',
      '/landing',
      '/landing?templateId=1%3Cscript%3E',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(LANDING_TEMPLATE_ELEMENT);
      expect(res.body, url).toContain('src="/remotes/promotion-registration/1.1.0/assets/entry-1.1.0.js"');
    }
  });
});
