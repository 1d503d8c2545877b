import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';

// GET /landing (src/routes/landing): the promotion-registration remote's standalone index.html from the live
// release, for ad traffic without the shell (apps/promotion-registration/README.md).

const html = (tag: string) =>
  `<!doctype html><html><head><title>LendView</title><script type="module" crossorigin src="./assets/entry-${tag}.js"></script>` +
  `<link rel="modulepreload" crossorigin href="./assets/App-${tag}.js"><link rel="stylesheet" href="./assets/index-${tag}.css">` +
  `<link rel="icon" href="/favicon.svg"></head><body><div id="root"></div></body></html>`;

function release(ctx: TestContext, version: string) {
  const dir = join(ctx.releasesDir, 'promotion-registration', version);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), html(version));
}

function manifest(ctx: TestContext, version: string | null) {
  const remotes =
    version === null
      ? []
      : [
          {
            name: 'promotion_registration',
            app: 'promotion-registration',
            version,
            entry: `/remotes/promotion-registration/${version}/mf-manifest.json`,
            routes: ['/promo'],
          },
        ];
  writeFileSync(join(ctx.releasesDir, 'remotes.json'), JSON.stringify({ remotes }));
}

describe.each(BACKENDS)('standalone landing (%s)', (backend) => {
  const ctx = useTestApp(backend, {
    seed: false,
    setup: (_app, c) => {
      release(c, '1.0.0');
      release(c, '1.1.0');
      manifest(c, '1.1.0');
    },
  });
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
  });

  it('follows a rollback of the manifest at once', async () => {
    manifest(ctx, '1.0.0');
    try {
      expect((await get('/landing?templateId=1')).body).toContain('/remotes/promotion-registration/1.0.0/assets/entry-1.0.0.js');
    } finally {
      manifest(ctx, '1.1.0');
    }
  });

  it('answers a 404 envelope when the remote is not released or its build is missing', async () => {
    manifest(ctx, null);
    try {
      const res = await get('/landing?templateId=1');
      expect(res.statusCode).toBe(404);
      expect(envelopeOf(res).code).toBe('NOT_FOUND');
    } finally {
      manifest(ctx, '1.1.0');
    }
    manifest(ctx, '9.9.9');
    try {
      expect((await get('/landing?templateId=1')).statusCode).toBe(404);
    } finally {
      manifest(ctx, '1.1.0');
    }
    rmSync(join(ctx.releasesDir, 'remotes.json'));
    try {
      expect((await get('/landing')).statusCode).toBe(404);
    } finally {
      manifest(ctx, '1.1.0');
    }
  });

  it('refuses a version that is not a plain folder name', async () => {
    manifest(ctx, '../../etc');
    try {
      expect((await get('/landing')).statusCode).toBe(404);
    } finally {
      manifest(ctx, '1.1.0');
    }
  });
});
