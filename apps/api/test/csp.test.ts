import type { LandingConfig } from '@lendview/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseImageHosts } from '../src/env.ts';
import { createOperatorSession } from '../src/repositories/operators.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';
import { DEMO_LANDING_TEMPLATE, DEMO_OPERATORS } from '../src/db/demo/index.ts';

// Issue 12 item 9: CSP (form-action, base-uri, images from our origin + IMAGE_HOSTS) and template image URLs.

const CDN = 'cdn.lendview.example';

function cspOf(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

async function marketingToken(ctx: TestContext): Promise<string> {
  const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM operators WHERE username = $1', [DEMO_OPERATORS.marketing.username]);
  return (await createOperatorSession(ctx.db, row!.id, ctx.clock.now())).token;
}

function templates(ctx: TestContext, token: string, isNeedPop = '1') {
  return async (path: '/create' | '/save' | '/publish', body: unknown) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/ops/api/templates${path}?isNeedPop=${isNeedPop}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, ...envelopeOf(res) };
  };
}

const withImages = (logo: string, heroImage = ''): LandingConfig => ({ ...DEMO_LANDING_TEMPLATE, name: 'CSP test', logo, heroImage });

describe.each(BACKENDS)('CSP and template images, no image hosts configured (%s)', (backend) => {
  const ctx = useTestApp(backend);
  let call: ReturnType<typeof templates>;
  beforeAll(async () => {
    call = templates(ctx, await marketingToken(ctx));
  });

  it('the CSP allows images from our origin, data: and blob: only, and pins form-action and base-uri', async () => {
    for (const url of ['/Policy', '/v3/login/send-code', '/healthz']) {
      const csp = cspOf(
        (await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).headers['content-security-policy'],
      );
      expect(csp['img-src'], url).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['form-action'], url).toEqual(["'self'"]);
      expect(csp['base-uri'], url).toEqual(["'none'"]);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
    }
  });

  it.each([
    ['a backslash host', '/\\evil.com/x.png'],
    ['a protocol-relative URL', '//evil.com/x.png'],
    ['http', 'http://cdn.lendview.example/x.png'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/svg+xml,<svg/>'],
    ['user info before the host', `https://${CDN}@evil.com/x.png`],
    ['a backslash after the host', 'https://evil.com\\@cdn.lendview.example/x.png'],
    ['an escaped dot-dot', '/%2e%2e/evil.png'],
    ['a dot-dot segment', '/assets/../x.png'],
    ['a relative path', 'logo.png'],
    ['a space', '/my logo.png'],
  ])('the contract refuses %s (%s)', async (_name, url) => {
    const res = await call('/create', { config: withImages(url) });
    expect({ status: res.status, code: res.code, message: res.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid value for field: config.logo.',
    });
  });

  it('an https image needs its host in IMAGE_HOSTS (none here); same-origin paths and none are fine', async () => {
    const refused = await call('/create', { config: withImages('/favicon.svg', 'https://tracker.example/pixel.png') });
    expect({ status: refused.status, code: refused.code, data: refused.data, message: refused.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      data: null,
      message: "Invalid value for field: config.heroImage. Images may only come from this site: use 'Upload an image'.",
    });
    const inIndonesian = await templates(
      ctx,
      await marketingToken(ctx),
      '0',
    )('/create', {
      config: withImages('https://tracker.example/pixel.png'),
    });
    expect(inIndonesian.message).toBe(
      "Nilai kolom tidak valid: config.logo. Gambar hanya boleh berasal dari situs ini: gunakan 'Unggah gambar'.",
    );
    for (const [logo, hero] of [
      ['/favicon.svg', ''],
      ['', ''],
      ['/assets/landing/hero-1.webp', '/favicon.svg'],
    ] as const) {
      const ok = await call('/create', { config: withImages(logo, hero) });
      expect(ok.code, `${logo} ${hero}`).toBe('00');
    }
  });
});

describe.each(BACKENDS)('CSP and template images with IMAGE_HOSTS (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { imageHosts: parseImageHosts(`${CDN}, images.partner.example`) } });
  let call: ReturnType<typeof templates>;
  beforeAll(async () => {
    call = templates(ctx, await marketingToken(ctx));
  });

  it('img-src lists exactly the configured hosts, https only', async () => {
    const csp = cspOf((await ctx.app.inject({ method: 'GET', url: '/Policy' })).headers['content-security-policy']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', `https://${CDN}`, 'https://images.partner.example']);
  });

  it('templates may use those hosts and no other; publish refuses a draft whose host is not allowed', async () => {
    const created = await call('/create', {
      config: withImages(`https://${CDN}/logo.png`, 'https://images.partner.example/hero.webp?v=2'),
    });
    expect(created.code).toBe('00');
    const id = (created.data as { id: number }).id;
    const other = await call('/save', { id, config: withImages(`https://${CDN}.evil.example/logo.png`) });
    expect(other.message).toBe(
      `Invalid value for field: config.logo. Images may only come from this site or an allowed image host (${CDN}, images.partner.example).`,
    );
    // A draft written before the host left the allow-list (here: straight into the table) never goes live.
    await ctx.db.query(`UPDATE landing_templates SET draft_config = $2::jsonb WHERE id = $1`, [
      id,
      JSON.stringify(withImages('https://old-cdn.example/logo.png')),
    ]);
    const publish = await call('/publish', { id });
    expect({ status: publish.status, message: publish.message }).toEqual({
      status: 400,
      message: `Invalid value for field: draft.logo. Images may only come from this site or an allowed image host (${CDN}, images.partner.example).`,
    });
    const [row] = await ctx.db.query<{ live_config: unknown }>('SELECT live_config FROM landing_templates WHERE id = $1', [id]);
    expect(row!.live_config).toBeNull();
  });
});

describe('IMAGE_HOSTS', () => {
  it('takes host names only', () => {
    expect(parseImageHosts('')).toEqual([]);
    expect(parseImageHosts(' CDN.Example.com,cdn.example.com  img.example.org ')).toEqual(['cdn.example.com', 'img.example.org']);
    for (const bad of ['https://cdn.example.com', 'cdn.example.com/path', '*.example.com', 'localhost', 'cdn.example.com:443']) {
      expect(() => parseImageHosts(bad), bad).toThrow(EnvError);
    }
  });
});
