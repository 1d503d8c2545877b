import type { LandingConfig } from '@lendview/contracts';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_DRAFT_TEMPLATE, DEMO_LANDING_TEMPLATE, DEMO_OPERATORS } from '../src/db/demo/index.ts';
import { parseImageHosts } from '../src/env.ts';
import { createOperatorSession } from '../src/repositories/operators.ts';
import { SEG, promoGet } from './helpers/promotion.ts';
import { BACKENDS, envelopeOf, useTestApp, type TestContext } from './helpers/setup.ts';
import { withShellIcon } from './helpers/landing.ts';
import { multipartBody } from './helpers/uploads.ts';

// Issue 13 item 5: the landing editor's publish checks (WCAG AA contrast, images that load), image upload, and
// the version history (diff, revert, unpublish, scheduled publish evaluated at read time).

const CDN = 'cdn.lendview.example';

async function tokenOf(ctx: TestContext, username: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM operators WHERE username = $1', [username]);
  return (await createOperatorSession(ctx.db, row!.id, ctx.clock.now())).token;
}

describe.each(BACKENDS)('landing editor (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { imageHosts: parseImageHosts(CDN) }, setup: withShellIcon });
  let token: string;
  beforeAll(async () => {
    token = await tokenOf(ctx, DEMO_OPERATORS.marketing.username);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function ops(path: string, body?: unknown, query = '') {
    const res = await ctx.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/ops/api/templates${path}?isNeedPop=1${query ? `&${query}` : ''}`,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, ...envelopeOf(res) };
  }
  const landing = (id: number) => promoGet(ctx, `${SEG}/service/channel/channel-template`, { templateId: String(id) }, { lang: 'en' });
  const save = (id: number, config: LandingConfig) => ops('/save', { id, config });
  /** A new template (draft only): each test that counts versions starts from its own. */
  const fresh = async (config: LandingConfig = DEMO_LANDING_TEMPLATE) => ((await ops('/create', { config })).data as { id: number }).id;
  const upload = async (bytes: Buffer, type = 'image/png', tok = token) => {
    const body = multipartBody('image', 'hero.png', type, bytes);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/ops/api/templates/upload-image?isNeedPop=1',
      headers: { ...body.headers, ...(tok ? { authorization: `Bearer ${tok}` } : {}) },
      payload: body.payload,
    });
    return { status: res.statusCode, ...envelopeOf(res) };
  };

  it('the demo templates pass WCAG AA and publish; a teal page with orange links is refused with the failing pair named', async () => {
    expect((await ops('/publish', { id: 1 })).code).toBe('00');
    const id = await fresh({
      ...DEMO_DRAFT_TEMPLATE,
      theme: { backgroundFrom: '#12b5a6', backgroundTo: '#07776d', fontColor: '#ffffff', highlightColor: '#ff8a00' },
    });
    const refused = await ops('/publish', { id });
    expect({ status: refused.status, code: refused.code, data: refused.data }).toEqual({ status: 400, code: 'BAD_REQUEST', data: null });
    // White on #12b5a6 is 2.56:1, below even the 3:1 of the large headline.
    expect(refused.message).toBe(
      'Not published: headline (theme.fontColor #ffffff) on theme.backgroundFrom #12b5a6 has a contrast of 2.56:1; WCAG AA needs at least 3:1. Choose colours with more contrast.',
    );
    expect((await landing(id)).code).toBe('NOT_FOUND');
    expect((await ops('/publish', { id: 2 })).code).toBe('00');
  });

  it('refuses white text on #fffbe6 and a 4.49:1 link colour, in Indonesian too', async () => {
    const pale = { ...DEMO_LANDING_TEMPLATE, theme: { ...DEMO_LANDING_TEMPLATE.theme, backgroundFrom: '#fffbe6' } };
    expect((await save(1, pale)).code).toBe('00');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/ops/api/templates/publish',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 1 }),
    });
    expect(envelopeOf(res).message).toBe(
      'Tidak diterbitkan: headline (theme.fontColor #ffffff) di atas theme.backgroundFrom #fffbe6 memiliki kontras 1.03:1; WCAG AA memerlukan minimal 3:1. Pilih warna dengan kontras lebih tinggi.',
    );
    // Large text passes at 3:1 but the 16 px subheadline needs 4.5:1 (the demo's old #4c8dff: 3.20:1).
    const mid = { ...DEMO_LANDING_TEMPLATE, theme: { ...DEMO_LANDING_TEMPLATE.theme, backgroundFrom: '#4c8dff' } };
    await save(1, mid);
    expect((await ops('/publish', { id: 1 })).message).toBe(
      'Not published: subheadline (theme.fontColor #ffffff) on theme.backgroundFrom #4c8dff has a contrast of 3.20:1; WCAG AA needs at least 4.5:1. Choose colours with more contrast.',
    );
    const link = { ...DEMO_LANDING_TEMPLATE, theme: { ...DEMO_LANDING_TEMPLATE.theme, highlightColor: '#2f6bff' } };
    await save(1, link);
    expect((await ops('/publish', { id: 1 })).message).toBe(
      'Not published: links and buttons (theme.highlightColor #2f6bff) on card #ffffff has a contrast of 4.49:1; WCAG AA needs at least 4.5:1. Choose colours with more contrast.',
    );
    // Nothing of the refused drafts reached visitors.
    expect((await landing(1)).data).toMatchObject({ theme: DEMO_LANDING_TEMPLATE.theme });
  });

  it('uploads an image re-encoded (never the bytes sent), serves it from our origin, and refuses a non-image', async () => {
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3366cc' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    const ok = await upload(png);
    expect(ok.code).toBe('00');
    const { url, width, height } = ok.data as { url: string; width: number; height: number };
    expect(url).toMatch(/^\/landing\/img\/[a-z0-9]{32}\.jpg$/);
    expect({ width, height }).toEqual({ width: 64, height: 36 });
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(png)).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, exif: meta.exif }).toEqual({ format: 'jpeg', exif: undefined });

    const text = await upload(Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect({ status: text.status, code: text.code, message: text.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Only JPEG, PNG or WebP photos can be uploaded.',
    });
    expect((await upload(png, 'image/png', '')).status).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/landing/img/0123456789abcdef0123456789abcdef.jpg' })).statusCode).toBe(404);

    // The uploaded hero publishes and the landing serves it.
    expect((await save(1, { ...DEMO_LANDING_TEMPLATE, heroImage: url })).code).toBe('00');
    expect((await ops('/publish', { id: 1 })).code).toBe('00');
    expect((await landing(1)).data).toMatchObject({ heroImage: url });
  });

  it('refuses to publish an image that does not load, naming the URL', async () => {
    const missing = '/landing/img/0123456789abcdef0123456789abcdef.jpg';
    await save(1, { ...DEMO_LANDING_TEMPLATE, heroImage: missing });
    expect((await ops('/publish', { id: 1 })).message).toBe(
      `Not published: the image ${missing} (draft.heroImage) does not load. Upload it again or choose another image.`,
    );
    await save(1, { ...DEMO_LANDING_TEMPLATE, logo: '/no-such-logo.png' });
    expect((await ops('/publish', { id: 1 })).message).toBe(
      'Not published: the image /no-such-logo.png (draft.logo) does not load. Upload it again or choose another image.',
    );

    const external = `https://${CDN}/hero.jpg`;
    const answers: Response[] = [
      new Response('not here', { status: 404, headers: { 'content-type': 'text/html' } }),
      new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      new Response(Buffer.from([1, 2, 3]), { status: 200, headers: { 'content-type': 'image/jpeg' } }),
    ];
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (input: string) => {
      fetched.push(input);
      return Promise.resolve(answers.shift()!);
    });
    await save(1, { ...DEMO_LANDING_TEMPLATE, heroImage: external });
    const broken = `Not published: the image ${external} (draft.heroImage) does not load. Upload it again or choose another image.`;
    expect((await ops('/publish', { id: 1 })).message).toBe(broken);
    expect((await ops('/publish', { id: 1 })).message).toBe(broken);
    expect((await ops('/publish', { id: 1 })).code).toBe('00');
    expect(fetched).toEqual([external, external, external]);

    // No answer in time is a broken image too.
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('timed out', 'TimeoutError')));
    await save(1, { ...DEMO_LANDING_TEMPLATE, heroImage: `https://${CDN}/slow.jpg` });
    expect((await ops('/publish', { id: 1 })).message).toContain(`https://${CDN}/slow.jpg (draft.heroImage) does not load`);
  });

  it('keeps every publish as a version with a diff; reverts as a draft or live; unpublish shows an ended page', async () => {
    const id = await fresh();
    expect((await ops('/publish', { id })).code).toBe('00');
    const v2 = { ...DEMO_LANDING_TEMPLATE, headline: { ...DEMO_LANDING_TEMPLATE.headline, en: 'Version two headline' } };
    await save(id, v2);
    expect((await ops('/publish', { id })).code).toBe('00');
    const history = await ops('/versions', undefined, `id=${id}`);
    const data = history.data as {
      state: string;
      liveVersion: number;
      items: { version: number; status: string; kind: string; changes: unknown[] }[];
    };
    expect({ state: data.state, liveVersion: data.liveVersion }).toEqual({ state: 'live', liveVersion: 2 });
    expect(data.items.map((v) => [v.version, v.kind, v.status])).toEqual([
      [2, 'publish', 'live'],
      [1, 'publish', 'past'],
    ]);
    expect(data.items[0]!.changes).toEqual([
      { field: 'headline.en', before: DEMO_LANDING_TEMPLATE.headline.en, after: 'Version two headline' },
    ]);

    // Back to version 1 as a draft: visitors see no change.
    const asDraft = await ops('/revert', { id, version: 1, publish: false });
    expect(asDraft).toMatchObject({
      code: '00',
      data: { id, version: null },
      message: 'The chosen version is now the draft. Visitors see no change until you publish.',
    });
    expect((await landing(id)).data).toMatchObject({ headline: v2.headline });
    expect((await ops('/detail', undefined, `id=${id}`)).data).toMatchObject({ draft: DEMO_LANDING_TEMPLATE, hasUnpublishedChanges: true });

    // Live: a new version 3 copying 1.
    const live = await ops('/revert', { id, version: 1, publish: true });
    expect(live).toMatchObject({ code: '00', data: { id, version: 3 }, message: 'The chosen version is live again as a new version.' });
    expect((await landing(id)).data).toMatchObject({ headline: DEMO_LANDING_TEMPLATE.headline });
    const after = (await ops('/versions', undefined, `id=${id}`)).data as {
      items: { version: number; kind: string; revertedFrom: number | null }[];
    };
    expect(after.items[0]).toMatchObject({ version: 3, kind: 'revert', revertedFrom: 1 });

    // Only versions that exist.
    expect((await ops('/revert', { id, version: 9, publish: true })).message).toBe('This template has no version 9.');

    const off = await ops('/unpublish', { id });
    expect(off).toMatchObject({
      code: '00',
      data: { id, version: 4 },
      message: 'Unpublished. Visitors now see that this promotion has ended.',
    });
    const ended = await landing(id);
    expect({ status: ended.status, code: ended.code, data: ended.data, message: ended.message }).toEqual({
      status: 410,
      code: 'PROMOTION_ENDED',
      data: null,
      message: 'This promotion has ended. Thank you for your interest.',
    });
    const endedId = await promoGet(ctx, `${SEG}/service/channel/channel-template`, { templateId: String(id) });
    expect(endedId.message).toBe('Promosi ini telah berakhir. Terima kasih atas minat Anda.');
    expect((await ops('/unpublish', { id })).message).toBe('This template is not published, so there is nothing to unpublish.');
    expect((await ops('/revert', { id, version: 4, publish: true })).message).toBe(
      'Version 4 is an unpublish: it has no content to go back to.',
    );
    const listed = (await ops('', undefined)).data as { items: { id: number; published: boolean }[] };
    expect(listed.items.find((t) => t.id === id)?.published).toBe(false);

    // Publishing again brings it back.
    expect((await ops('/publish', { id })).code).toBe('00');
    expect((await landing(id)).code).toBe('00');
  });

  it('a scheduled publish is served from its time on (read time, no job), and can be cancelled before', async () => {
    const now = ctx.clock.now();
    const inAnHour = new Date(now.getTime() + 3600_000).toISOString();
    const next = { ...DEMO_LANDING_TEMPLATE, headline: { ...DEMO_LANDING_TEMPLATE.headline, en: 'Scheduled headline' } };
    const id = await fresh();
    expect((await ops('/publish', { id })).code).toBe('00');
    await save(id, next);
    for (const at of [
      new Date(now.getTime() - 1000).toISOString(),
      '2026-03-02T10:00',
      'tomorrow',
      new Date(now.getTime() + 400 * 86_400_000).toISOString(),
    ]) {
      const bad = await ops('/schedule', { id, at });
      expect({ at, code: bad.code, message: bad.message }).toEqual({
        at,
        code: 'BAD_REQUEST',
        message: 'Choose a time in the future, at most 366 days ahead.',
      });
    }
    // The same checks as a publish.
    const teal = await fresh({ ...DEMO_DRAFT_TEMPLATE, theme: { ...DEMO_DRAFT_TEMPLATE.theme, backgroundFrom: '#12b5a6' } });
    expect((await ops('/schedule', { id: teal, at: inAnHour })).message).toMatch(/^Not published: headline/);

    const scheduled = await ops('/schedule', { id, at: inAnHour });
    expect(scheduled).toMatchObject({ code: '00', data: { id, liveFrom: inAnHour } });
    const version = (scheduled.data as { version: number }).version;
    expect((await landing(id)).data).toMatchObject({ headline: DEMO_LANDING_TEMPLATE.headline });
    const list = (await ops('/versions', undefined, `id=${id}`)).data as { items: { version: number; status: string }[] };
    expect(list.items[0]).toMatchObject({ version, status: 'scheduled' });

    // An hour on, in steps with a call between as an editor at work would make (operator sessions idle out after 30 min).
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1_200_000);
      expect((await ops('/versions', undefined, `id=${id}`)).code).toBe('00');
    }
    expect((await landing(id)).data).toMatchObject({ headline: next.headline });
    expect((await ops('/versions', undefined, `id=${id}`)).data).toMatchObject({ liveVersion: version });
    expect((await ops('/cancel-schedule', { id, version })).message).toBe('This scheduled version is already live or was cancelled.');

    // Another one, called off before its time: never served.
    const later = { ...DEMO_LANDING_TEMPLATE, headline: { ...DEMO_LANDING_TEMPLATE.headline, en: 'Called off' } };
    await save(id, later);
    const s2 = await ops('/schedule', { id, at: new Date(ctx.clock.now().getTime() + 60_000).toISOString() });
    const v2 = (s2.data as { version: number }).version;
    expect((await ops('/cancel-schedule', { id, version: v2 })).message).toBe('The scheduled version has been cancelled.');
    ctx.clock.advance(120_000);
    expect((await landing(id)).data).toMatchObject({ headline: next.headline });
  });

  it('every new endpoint is marketing only (401 without a token, before the body)', async () => {
    for (const path of ['/versions', '/schedule', '/cancel-schedule', '/revert', '/unpublish', '/upload-image']) {
      const res = await ctx.app.inject({ method: path === '/versions' ? 'GET' : 'POST', url: `/ops/api/templates${path}` });
      expect({ path, status: res.statusCode, code: envelopeOf(res).code }).toEqual({ path, status: 401, code: 'UNAUTHORIZED' });
    }
  });
});
