import { describe, expect, it } from 'vitest';
import { operationOf } from '../src/cli/releases.ts';
import { FolderStorage } from '../src/providers/storage.ts';
import {
  createPreviewLink,
  PREVIEW_SECRET_SETTING,
  previewSecret,
  publishOnly,
  signPreview,
  verifyPreview,
} from '../src/releases/preview.ts';
import { promote, releaseCanary } from '../src/releases/canary.ts';
import { release, rollback, type ReleaseContext } from '../src/releases/service.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';

// Preview links (issue 16 item 3; src/releases/preview.ts, routes/preview): a signed link shows a published version
// to the browser that opens it, and nothing changes for any other browser. On PGlite and PostgreSQL.

const SECRET = 'k'.repeat(40);
const HOUR = 3_600_000;

describe('preview tokens', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  const token = signPreview(SECRET, { app: 'marketing', version: '1.1.0', exp: now + HOUR });

  it('verify with the secret until they expire', () => {
    expect(verifyPreview(SECRET, token, now)).toEqual({ ok: true, claim: { app: 'marketing', version: '1.1.0', exp: now + HOUR } });
    expect(verifyPreview(SECRET, token, now + HOUR - 1).ok).toBe(true);
    expect(verifyPreview(SECRET, token, now + HOUR)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another secret, another app or version or expiry under the same signature, and garbage', () => {
    expect(verifyPreview('x'.repeat(40), token, now)).toEqual({ ok: false, reason: 'forged' });
    const [, sig] = token.split('.');
    for (const claim of [
      { a: 'repayment', v: '1.1.0', e: now + HOUR },
      { a: 'marketing', v: '9.9.9', e: now + HOUR },
      { a: 'marketing', v: '1.1.0', e: now + 1000 * HOUR },
    ]) {
      const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
      expect(verifyPreview(SECRET, `${payload}.${sig}`, now)).toEqual({ ok: false, reason: 'forged' });
    }
    expect(verifyPreview(SECRET, 'nope', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyPreview(SECRET, `${token}x`, now)).toEqual({ ok: false, reason: 'forged' });
    // The same signature bytes written another way (base64url's spare low bits in the last character).
    const last = token.at(-1)!;
    const twin = `${token.slice(0, -1)}${String.fromCharCode(last.charCodeAt(0) ^ 1)}`;
    expect(verifyPreview(SECRET, twin, now).ok).toBe(false);
    expect(verifyPreview(SECRET, `a.b.c`, now)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe.each(BACKENDS)('preview links (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false });
  const rc = (): ReleaseContext => ({ db: ctx.db, storage: new FolderStorage(ctx.releasesDir), actor: 'qa@laptop' });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const marketingOf = async (headers: Record<string, string> = {}) => {
    const res = await get('/remotes.json', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ remotes: { app: string; version: string; preview?: true; routes: string[] }[]; preview?: unknown }>();
    return { res, body, marketing: body.remotes.find((r) => r.app === 'marketing')! };
  };
  const linkOf = async (version: string, hours?: number) =>
    (
      await createPreviewLink({ db: ctx.db, now: () => ctx.clock.now() }, 'marketing', version, {
        origin: 'https://lendview.example/',
        hours,
      })
    ).url;
  const tokenOf = (url: string) => url.slice('https://lendview.example/preview/'.length);

  it('the secret is made once and shared (app_settings), unless PREVIEW_SECRET names one', async () => {
    const first = await previewSecret(ctx.db, {});
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await previewSecret(ctx.db, {})).toBe(first);
    const rows = await ctx.db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [PREVIEW_SECRET_SETTING]);
    expect(rows).toEqual([{ value: first }]);
    expect(await previewSecret(ctx.db, { PREVIEW_SECRET: SECRET })).toBe(SECRET);
    await expect(previewSecret(ctx.db, { PREVIEW_SECRET: 'short' })).rejects.toThrow('at least 32 characters');
  });

  it('a link shows the published version to the browser that opened it only; exit returns it to live', async () => {
    await release(rc(), 'shell', shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html><title>shell</title>' }));
    const build = (version: string, routes = ['/About', '/']) =>
      remoteBuild(tempDir(), { name: 'marketing', version, routes, files: { 'assets/app.js': version } });
    await release(rc(), 'marketing', build('1.0.0'));
    await release(rc(), 'marketing', build('1.1.0'));
    await rollback(rc(), 'marketing', '1.0.0');

    const url = await linkOf('1.1.0');
    expect(url).toMatch(/^https:\/\/lendview\.example\/preview\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const open = await get(`/preview/${tokenOf(url)}`);
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/About');
    const set = String(open.headers['set-cookie']);
    expect(set).toBe(`lv_preview=${tokenOf(url)}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax`);
    const cookie = set.split(';')[0]!;

    const mine = await marketingOf({ cookie });
    expect(mine.marketing).toMatchObject({ version: '1.1.0', preview: true, entry: '/remotes/marketing/1.1.0/mf-manifest.json' });
    expect(mine.body.preview).toEqual({ app: 'marketing', version: '1.1.0' });
    // Everyone else: the live version, no mark.
    const other = await marketingOf();
    expect(other.marketing.version).toBe('1.0.0');
    expect(other.marketing.preview).toBeUndefined();
    expect(other.body.preview).toBeUndefined();
    expect((await marketingOf({ 'x-lv-device': 'someone-else' })).marketing.version).toBe('1.0.0');

    const exit = await get('/preview/exit', { cookie });
    expect(exit.statusCode).toBe(302);
    expect(exit.headers.location).toBe('/');
    expect(String(exit.headers['set-cookie'])).toBe('lv_preview=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');

    // The cookie runs out with the link: served live again, and the cookie is cleared.
    ctx.clock.advance(24 * HOUR + 1000);
    const late = await marketingOf({ cookie });
    expect(late.marketing.version).toBe('1.0.0');
    expect(late.body.preview).toBeUndefined();
    expect(String(late.res.headers['set-cookie'])).toContain('lv_preview=; Path=/; Max-Age=0');
  });

  it('refuses an expired, forged or other-app link with a localized envelope, and a version that cannot be previewed', async () => {
    const url = await linkOf('1.1.0', 1);
    ctx.clock.advance(HOUR + 1);
    const expired = await get(`/preview/${tokenOf(url)}`, { 'accept-language': 'en' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ code: 'FORBIDDEN', data: null, message: 'This preview link has expired. Ask for a new link.' });
    expect(expired.headers['set-cookie']).toBeUndefined();

    const good = tokenOf(await linkOf('1.1.0'));
    const [, sig] = good.split('.');
    const otherApp = Buffer.from(JSON.stringify({ a: 'repayment', v: '1.1.0', e: ctx.clock.now().getTime() + HOUR })).toString('base64url');
    const forged = await get(`/preview/${otherApp}.${sig}`, { 'accept-language': 'id' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<{ message: string }>().message).toBe('Tautan pratinjau ini tidak valid. Mintalah tautan baru.');
    expect((await get('/preview/not-a-token')).statusCode).toBe(403);
    // A forged cookie is ignored (and cleared).
    const sneaky = await marketingOf({ cookie: `lv_preview=${otherApp}.${sig}` });
    expect(sneaky.marketing.version).toBe('1.0.0');
    expect(sneaky.body.preview).toBeUndefined();

    // Unpublished, not fitting the live shell, or claiming another live remote's route: no link; a link signed
    // anyway answers 409 and the manifest keeps the live version and says why.
    await expect(linkOf('7.0.0')).rejects.toThrow('no preview: marketing 7.0.0 is not published');
    const copy = (version: string, change: string) =>
      ctx.db.query(
        `INSERT INTO release_versions (app, version, kind, name, digest, declaration, files, source, published_at, published_by)
         SELECT app, $1, kind, name, digest, ${change}, files, source, published_at, published_by
           FROM release_versions WHERE app = 'marketing' AND version = '1.1.0'`,
        [version],
      );
    await copy('1.2.0', `jsonb_set(declaration, '{shared,react}', '{"version": "19.3.0", "requires": "^19.3.0"}')`);
    await expect(linkOf('1.2.0')).rejects.toThrow(/no preview: marketing 1\.2\.0 does not fit the live shell 0\.1\.0: react/);
    await release(rc(), 'repayment', remoteBuild(tempDir(), { name: 'repayment', version: '1.0.0', routes: ['/repay'] }));
    await copy('1.3.0', `jsonb_set(declaration, '{routes}', '["/About", "/repay"]')`);
    await expect(linkOf('1.3.0')).rejects.toThrow('no preview: marketing 1.3.0 claims /repay, owned by the live repayment 1.0.0');

    const secret = await previewSecret(ctx.db);
    const signed = signPreview(secret, { app: 'marketing', version: '1.2.0', exp: ctx.clock.now().getTime() + HOUR });
    const refused = await get(`/preview/${signed}`, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'The preview of marketing 1.2.0 cannot be opened now: it does not fit what is live. Ask for a new link.',
    );
    const kept = await marketingOf({ cookie: `lv_preview=${signed}` });
    expect(kept.marketing.version).toBe('1.0.0');
    expect(kept.body.preview).toMatchObject({
      app: 'marketing',
      version: '1.2.0',
      problem: expect.stringContaining('does not fit the live shell') as unknown,
    });
  });

  it('pnpm release --publish-only publishes a version without making it live', async () => {
    const dir = remoteBuild(tempDir(), { name: 'marketing', version: '1.5.0', routes: ['/About'], files: { 'assets/app.js': 'x' } });
    expect(await publishOnly(rc(), 'marketing', dir, 'marketing')).toEqual({
      app: 'marketing',
      version: '1.5.0',
      published: 'published',
      live: '1.0.0',
    });
    expect(await publishOnly(rc(), 'marketing', dir)).toMatchObject({ published: 'identical' });
    expect((await marketingOf()).marketing.version).toBe('1.0.0');
    expect(await linkOf('1.5.0')).toMatch(/\/preview\//);
    expect(operationOf('release', ['marketing', '--publish-only', '--from', dir])).toMatchObject({
      operation: { op: 'publish', app: 'marketing', from: dir, name: 'marketing' },
    });
  });

  it('the safe path of docs/releasing.md: publish-only, preview, canary of the same bytes, promote', async () => {
    const dir = remoteBuild(tempDir(), { name: 'marketing', version: '1.6.0', routes: ['/About'], files: { 'assets/app.js': 'y' } });
    await publishOnly(rc(), 'marketing', dir, 'marketing');
    const link = await linkOf('1.6.0');
    const opened = await get(new URL(link).pathname);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    expect((await marketingOf({ cookie })).marketing).toMatchObject({ version: '1.6.0', preview: true });
    expect((await marketingOf()).marketing.version).toBe('1.0.0');
    // The canary is the version the testers saw, byte for byte.
    const canary = await releaseCanary(rc(), 'marketing', dir, { percent: 10, minViews: 50 });
    expect(canary).toMatchObject({ version: '1.6.0', published: 'identical', live: '1.0.0' });
    expect(await promote(rc(), 'marketing')).toMatchObject({ version: '1.6.0', previous: '1.0.0' });
    const after = (await marketingOf()).marketing;
    expect(after.version).toBe('1.6.0');
    expect(after).not.toHaveProperty('canary');
  });

  it('pnpm remotes preview <app> <version> [--hours] [--origin]', () => {
    expect(operationOf('list', ['preview', 'marketing', '1.1.0', '--hours', '2', '--origin', 'https://lendview.example/x'])).toMatchObject({
      operation: { op: 'preview', app: 'marketing', version: '1.1.0', hours: 2, origin: 'https://lendview.example' },
    });
    expect(() => operationOf('list', ['preview', 'marketing', '1.1.0', '--hours', '999'])).toThrow(
      '--hours takes a number of hours up to 168',
    );
  });
});
