import type { LandingConfig } from '@lendview/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperatorSession } from '../src/repositories/operators.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';
import { SEG, promoGet } from './helpers/promotion.ts';
import { withShellIcon } from './helpers/landing.ts';
import { DEMO_DRAFT_TEMPLATE, DEMO_LANDING_TEMPLATE, DEMO_OPERATORS } from '../src/db/demo/index.ts';

async function tokenOf(ctx: TestContext, username: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM operators WHERE username = $1', [username]);
  return (await createOperatorSession(ctx.db, row!.id, ctx.clock.now())).token;
}

interface Call {
  res: LightMyRequestResponse;
  status: number;
  code: string | number;
  data: unknown;
  message: string;
}

async function ops(
  ctx: TestContext,
  method: 'GET' | 'POST',
  path: string,
  o: { token?: string; body?: unknown; query?: string; lang?: 'en' } = {},
): Promise<Call> {
  const query = [o.query, o.lang === 'en' ? 'isNeedPop=1' : ''].filter(Boolean).join('&');
  const res = await ctx.app.inject({
    method,
    url: `/ops/api/templates${path}${query ? `?${query}` : ''}`,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
  });
  return { res, status: res.statusCode, ...envelopeOf(res) };
}

const campaign: LandingConfig = {
  ...DEMO_LANDING_TEMPLATE,
  name: 'Ramadan campaign',
  headline: { en: 'Ramadan offer: loans up to ₹80,000', id: 'Promo Ramadan: pinjaman hingga Rp 15.000.000' },
  // WCAG AA: white reads 4.53:1 on #198754, the links #0f5132 9.4:1 on the white card.
  theme: { backgroundFrom: '#0f5132', backgroundTo: '#198754', fontColor: '#ffffff', highlightColor: '#0f5132' },
};

describe.each(BACKENDS)('ops template API (%s)', (backend) => {
  // The demo logo is the shell's /favicon.svg: publish checks that it loads (issue 13 item 5).
  const ctx = useTestApp(backend, { setup: withShellIcon });
  let marketing: string;
  let support: string;
  beforeAll(async () => {
    marketing = await tokenOf(ctx, DEMO_OPERATORS.marketing.username);
    support = await tokenOf(ctx, DEMO_OPERATORS.support.username);
  });
  const landing = (id: number) => promoGet(ctx, `${SEG}/service/channel/channel-template`, { templateId: String(id) });

  it('401 without a token (before any field check), 403 for the support role', async () => {
    const calls: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', ''],
      ['GET', '/detail', undefined],
      ['POST', '/create', { config: campaign }],
      ['POST', '/save', { id: 1, config: { nonsense: true } }],
      ['POST', '/publish', {}],
    ];
    for (const [method, path, body] of calls) {
      const none = await ops(ctx, method, path, { body, query: path === '/detail' ? 'id=1' : undefined, lang: 'en' });
      expect({ path, status: none.status, code: none.code, data: none.data }).toEqual({
        path,
        status: 401,
        code: 'UNAUTHORIZED',
        data: null,
      });
      expect(none.message).toBe('Please log in to the back office.');
      const wrongToken = await ops(ctx, method, path, { body, token: 'x'.repeat(43) });
      expect(wrongToken.status).toBe(401);
      const forbidden = await ops(ctx, method, path, { body, token: support, query: path === '/detail' ? 'id=1' : undefined, lang: 'en' });
      expect({ path, status: forbidden.status, code: forbidden.code }).toEqual({ path, status: 403, code: 'FORBIDDEN' });
      expect(forbidden.message).toBe('Your role does not allow this action.');
    }
    // Nothing was created by the refused calls.
    const [n] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM landing_templates`);
    expect(n!.n).toBe(2);
  });

  it('lists the seeded templates: 1 published, 2 a draft never published', async () => {
    const list = await ops(ctx, 'GET', '', { token: marketing });
    expect(list.code).toBe('00');
    const items = (list.data as { items: { id: number }[] }).items;
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(1)).toEqual({
      id: 1,
      name: DEMO_LANDING_TEMPLATE.name,
      published: true,
      hasUnpublishedChanges: false,
      updatedAt: ctx.clock.now().toISOString(),
      publishedAt: ctx.clock.now().toISOString(),
      updatedBy: '',
    });
    expect(byId.get(2)).toMatchObject({
      id: 2,
      name: DEMO_DRAFT_TEMPLATE.name,
      published: false,
      hasUnpublishedChanges: true,
      publishedAt: null,
    });

    const detail = await ops(ctx, 'GET', '/detail', { token: marketing, query: 'id=2' });
    expect(detail.data).toMatchObject({ id: 2, draft: DEMO_DRAFT_TEMPLATE, live: null });
    const missing = await ops(ctx, 'GET', '/detail', { token: marketing, query: 'id=999' });
    expect({ status: missing.status, code: missing.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('create → not on the landing; publish → on the landing; save → landing unchanged until publish', async () => {
    const created = await ops(ctx, 'POST', '/create', { token: marketing, body: { config: campaign }, lang: 'en' });
    expect(created.code).toBe('00');
    expect(created.message).toBe('Template created. Visitors will see it once you publish it.');
    const { id } = created.data as { id: number };
    expect(id).toBeGreaterThan(2);
    expect((await landing(id)).code).toBe('NOT_FOUND');

    const detail = await ops(ctx, 'GET', '/detail', { token: marketing, query: `id=${id}` });
    expect(detail.data).toEqual({
      id,
      name: 'Ramadan campaign',
      published: false,
      hasUnpublishedChanges: true,
      updatedAt: ctx.clock.now().toISOString(),
      publishedAt: null,
      updatedBy: DEMO_OPERATORS.marketing.username,
      draft: campaign,
      live: null,
    });

    ctx.clock.advance(60_000);
    const published = await ops(ctx, 'POST', '/publish', { token: marketing, body: { id }, lang: 'en' });
    expect({ code: published.code, data: published.data, message: published.message }).toEqual({
      code: '00',
      data: { id, publishedAt: ctx.clock.now().toISOString() },
      message: 'Published. Visitors see this version from their next page load.',
    });
    const live = await landing(id);
    expect(live.code).toBe('00');
    expect(live.data).toEqual({ ...campaign, id });
    expect(live.res.headers['cache-control']).toBe('no-store');

    ctx.clock.advance(60_000);
    const changed: LandingConfig = { ...campaign, headline: { en: 'Last days of the Ramadan offer', id: 'Hari terakhir promo Ramadan' } };
    const saved = await ops(ctx, 'POST', '/save', { token: marketing, body: { id, config: changed } });
    expect({ code: saved.code, data: saved.data, message: saved.message }).toEqual({
      code: '00',
      data: { id, updatedAt: ctx.clock.now().toISOString() },
      message: 'Draf disimpan. Pengunjung tetap melihat versi yang sudah terbit sampai Anda menerbitkannya.',
    });
    expect((await landing(id)).data).toEqual({ ...campaign, id });
    const pending = await ops(ctx, 'GET', '/detail', { token: marketing, query: `id=${id}` });
    expect(pending.data).toMatchObject({ published: true, hasUnpublishedChanges: true, draft: changed, live: campaign });

    expect((await ops(ctx, 'POST', '/publish', { token: marketing, body: { id: String(id) } })).code).toBe('00');
    expect((await landing(id)).data).toEqual({ ...changed, id });
    const done = await ops(ctx, 'GET', '/detail', { token: marketing, query: `id=${id}` });
    expect(done.data).toMatchObject({ published: true, hasUnpublishedChanges: false, live: changed });

    // Publishing the seeded draft puts template 2 on the landing too.
    expect((await landing(2)).code).toBe('NOT_FOUND');
    expect((await ops(ctx, 'POST', '/publish', { token: marketing, body: { id: 2 } })).code).toBe('00');
    expect((await landing(2)).data).toEqual({ ...DEMO_DRAFT_TEMPLATE, id: 2 });
  });

  it('refuses an invalid config with a message naming the field, and changes nothing', async () => {
    const cases: [LandingConfig, string][] = [
      [{ ...campaign, logo: 'javascript:alert(1)' }, 'config.logo'],
      [{ ...campaign, heroImage: 'http://cdn.example.com/hero.png' }, 'config.heroImage'],
      [{ ...campaign, heroImage: '//evil.example.com/x.png' }, 'config.heroImage'],
      [{ ...campaign, theme: { ...campaign.theme, fontColor: 'red' } }, 'config.theme.fontColor'],
      [{ ...campaign, theme: { ...campaign.theme, backgroundFrom: '#fff' } }, 'config.theme.backgroundFrom'],
      [{ ...campaign, download: { ...campaign.download, iosUrl: 'javascript:alert(1)' } }, 'config.download.iosUrl'],
    ];
    for (const [config, field] of cases) {
      const r = await ops(ctx, 'POST', '/save', { token: marketing, body: { id: 1, config }, lang: 'en' });
      expect({ status: r.status, code: r.code, data: r.data, message: r.message }).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        data: null,
        message: `Invalid value for field: ${field}.`,
      });
    }
    const empty = await ops(ctx, 'POST', '/create', {
      token: marketing,
      body: { config: { ...campaign, headline: { en: '', id: 'x' } } },
      lang: 'en',
    });
    expect(empty.message).toBe('Missing required field: config.headline.en.');
    const detail = await ops(ctx, 'GET', '/detail', { token: marketing, query: 'id=1' });
    expect(detail.data).toMatchObject({ draft: DEMO_LANDING_TEMPLATE, hasUnpublishedChanges: false });
  });

  it('save and publish of an unknown template answer NOT_FOUND', async () => {
    const save = await ops(ctx, 'POST', '/save', { token: marketing, body: { id: 999, config: campaign } });
    expect({ status: save.status, code: save.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    const publish = await ops(ctx, 'POST', '/publish', { token: marketing, body: { id: 999 } });
    expect({ status: publish.status, code: publish.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});
