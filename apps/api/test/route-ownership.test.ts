import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types.ts';
import { migrate } from '../src/db/migrate.ts';
import { FolderStorage } from '../src/providers/storage.ts';
import { ReleaseError } from '../src/releases/builds.ts';
import { ReleaseServing } from '../src/releases/serving.ts';
import { assertRoutesFree, listReleases, publishLocal, release, rollback, type ReleaseContext } from '../src/releases/service.ts';
import { publishOnly } from '../src/releases/preview.ts';
import { BACKENDS, openTestDb, type TestDb } from './helpers/setup.ts';
import { remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';

// Route ownership (issue 16 item 1, docs/releasing.md "Route ownership"): a release, a rollback or the local
// publish whose routes another live remote owns is refused, naming both; /remotes.json resolves an overlap that
// is already in the database (older data, a direct edit) the same way every time and lists it. PGlite and PostgreSQL.

const build = (name: string, version: string, routes: string[]) =>
  remoteBuild(tempDir(), { name, version, routes, files: { 'assets/app.js': `${name} ${version} ${routes.join(',')}` } });

const ONE_OWNER = 'A route has one owner: release repayment without it first, or pick another path.';

describe.each(BACKENDS)('route ownership (%s)', (backend) => {
  let testDb: TestDb;
  let db: Db;
  let dir: string;
  let ctx: ReleaseContext;
  const live = async () =>
    Object.fromEntries((await listReleases(ctx)).filter((r) => r.live && r.kind === 'remote').map((r) => [r.remote, r.version] as const));
  const manifest = () => new ReleaseServing(db, ctx.storage).manifest();

  beforeAll(async () => {
    testDb = await openTestDb(backend);
    db = testDb.db;
    await migrate(db);
    dir = tempDir('lendview-route-ownership-');
    ctx = { db, storage: new FolderStorage(dir), actor: 'ana@laptop' };
    await release(ctx, 'shell', shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html>' }));
    await release(ctx, 'repayment', build('repayment', '0.1.0', ['/repay', '/bindCard']));
  });
  afterAll(async () => {
    await testDb?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a release that claims a route another live remote owns (trailing slash ignored), naming both; nothing is written', async () => {
    const hijack = build('hijack', '0.1.0', ['/hijack', '/repay/']);
    const refused = release(ctx, 'hijack', hijack);
    await expect(refused).rejects.toBeInstanceOf(ReleaseError);
    await expect(refused).rejects.toThrow(`hijack 0.1.0 claims /repay, which repayment 0.1.0 (live) owns.\n${ONE_OWNER}`);
    await expect(release(ctx, 'hijack', build('hijack', '0.1.1', ['/bindCard', '/repay']))).rejects.toThrow(
      `hijack 0.1.1 claims /bindCard and /repay, which repayment 0.1.0 (live) owns.\n${ONE_OWNER}`,
    );
    expect(existsSync(join(dir, 'hijack'))).toBe(false);
    expect((await listReleases(ctx)).some((r) => r.remote === 'hijack')).toBe(false);
    // Case counts, as in the shell: /Repay is another route.
    expect(await release(ctx, 'hijack', build('hijack', '0.2.0', ['/Repay']))).toMatchObject({ version: '0.2.0', previous: null });
    // A remote's own previous version is no conflict.
    expect(await release(ctx, 'repayment', build('repayment', '0.2.0', ['/repay', '/bindCard', '/that']))).toMatchObject({
      previous: '0.1.0',
    });
    expect(await live()).toEqual({ hijack: '0.2.0', repayment: '0.2.0' });
    // The export canary and preview call: the same answer for a version that is only published.
    await expect(assertRoutesFree(ctx, { app: 'hijack', version: '9.0.0', declaration: { routes: ['/that'] } })).rejects.toThrow(
      'hijack 9.0.0 claims /that, which repayment 0.2.0 (live) owns.',
    );
    await expect(
      assertRoutesFree(ctx, { app: 'repayment', version: '9.0.0', declaration: { routes: ['/that'] } }),
    ).resolves.toBeUndefined();
  });

  it('refuses --publish-only of a version claiming a route another live remote owns, before the version is used up (issue 36)', async () => {
    const refused = publishOnly(ctx, 'hijack', build('hijack', '5.0.0', ['/repay']));
    await expect(refused).rejects.toBeInstanceOf(ReleaseError);
    await expect(refused).rejects.toThrow('hijack 5.0.0 claims /repay, which repayment 0.2.0 (live) owns.');
    expect((await listReleases(ctx)).some((r) => r.remote === 'hijack' && r.version === '5.0.0')).toBe(false);
    // The same number, routes fixed: published (not "already published, not identical").
    expect(await publishOnly(ctx, 'hijack', build('hijack', '5.0.0', ['/Repay']))).toMatchObject({ version: '5.0.0', live: '0.2.0' });
  });

  it('a route moved away can be taken; rolling back to the old version that claimed it is refused', async () => {
    await release(ctx, 'marketing', build('marketing', '1.0.0', ['/About', '/x']));
    await expect(release(ctx, 'hijack', build('hijack', '0.3.0', ['/Repay', '/x']))).rejects.toThrow(
      'hijack 0.3.0 claims /x, which marketing 1.0.0 (live) owns.\nA route has one owner: release marketing without it first, or pick another path.',
    );
    await release(ctx, 'marketing', build('marketing', '1.1.0', ['/About']));
    expect(await release(ctx, 'hijack', build('hijack', '0.3.0', ['/Repay', '/x']))).toMatchObject({ version: '0.3.0' });
    await expect(rollback(ctx, 'marketing')).rejects.toThrow(
      'marketing 1.0.0 claims /x, which hijack 0.3.0 (live) owns.\nA route has one owner: release hijack without it first, or pick another path.',
    );
    await expect(rollback(ctx, 'marketing', '1.0.0')).rejects.toThrow(/marketing 1\.0\.0 claims \/x, which hijack 0\.3\.0 \(live\) owns/);
    expect(await live()).toMatchObject({ marketing: '1.1.0', hijack: '0.3.0' });
    // The hijack rolled back to a version claiming nothing of others: fine.
    expect(await rollback(ctx, 'hijack', '0.2.0')).toMatchObject({ version: '0.2.0' });
    expect(await manifest()).not.toHaveProperty('conflicts');
  });

  it('the local publish (pnpm start) is refused as a whole, before anything is uploaded or switched; a route moved within it is fine', async () => {
    const said: string[] = [];
    const local = { ...ctx, actor: 'dev@laptop', say: (l: string) => said.push(l) };
    const before = await live();
    const refused = publishLocal(local, [
      { app: 'marketing', dir: build('marketing', '1.2.0', ['/About']) },
      { app: 'newcomer', dir: build('newcomer', '0.1.0', ['/new', '/repay']) },
    ]);
    await expect(refused).rejects.toThrow(
      `nothing was published: newcomer 0.1.0 claims /repay, which repayment 0.2.0 (live) owns.\n${ONE_OWNER}`,
    );
    expect(existsSync(join(dir, 'marketing/1.2.0'))).toBe(false);
    expect(existsSync(join(dir, 'newcomer'))).toBe(false);
    expect(await live()).toEqual(before);

    // Two apps of the same publish claiming one new route.
    await expect(
      publishLocal(local, [
        { app: 'marketing', dir: build('marketing', '1.2.0', ['/About', '/both']) },
        { app: 'newcomer', dir: build('newcomer', '0.1.0', ['/new', '/both']) },
      ]),
    ).rejects.toThrow(
      'nothing was published: newcomer 0.1.0 claims /both, which marketing 1.2.0 (in this publish) also claims.\n' +
        'A route has one owner: release marketing without it first, or pick another path.',
    );

    // hijack 0.2.0 (live) owns /Repay; the checkout moves it to newcomer and drops it from hijack: accepted.
    const moved = await publishLocal(local, [
      { app: 'hijack', dir: build('hijack', '0.4.0', ['/hijack']) },
      { app: 'newcomer', dir: build('newcomer', '0.1.0', ['/new', '/Repay']) },
    ]);
    expect(moved.map((m) => [m.app, m.version, m.outcome])).toEqual([
      ['hijack', '0.4.0', 'published'],
      ['newcomer', '0.1.0', 'published'],
    ]);
    expect(await live()).toMatchObject({ hijack: '0.4.0', newcomer: '0.1.0' });
  });

  it('20 concurrent releases claiming a live route: every one refused by name (after waiting out the lock), none live', async () => {
    const attempt = async (i: number): Promise<string> => {
      const dir = build(`rival_${i}`, '0.1.0', [`/rival${i}`, '/repay']);
      for (;;) {
        try {
          await release(ctx, `rival-${i}`, dir);
          return 'released';
        } catch (e) {
          const message = (e as Error).message;
          if (!message.startsWith('another release is in progress')) return message;
          await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
        }
      }
    };
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i + 1)));
    expect(outcomes).toEqual(
      Array.from({ length: 20 }, (_, i) => `rival-${i + 1} 0.1.0 claims /repay, which repayment 0.2.0 (live) owns.\n${ONE_OWNER}`),
    );
    expect(Object.keys(await live()).filter((app) => app.startsWith('rival'))).toEqual([]);
    const served = await manifest();
    expect(served!.remotes.filter((r) => r.routes.includes('/repay')).map((r) => r.app)).toEqual(['repayment']);
  });

  it('/remotes.json resolves an overlap already in the database: the earliest unbroken claim owns it, then the app name; listed in conflicts', async () => {
    // Older data / a direct edit: 'aaa' (first by name) made live claiming /repay and /that without any check.
    const insert = async (app: string, routes: string[], at: string) => {
      await db.query(
        `INSERT INTO release_versions (app, version, kind, name, digest, declaration, files, source, published_at, published_by)
         VALUES ($1, '0.1.0', 'remote', $2, repeat('0', 64), $3::jsonb, '{}', 'import', now(), 'old@data')`,
        [app, app, JSON.stringify({ kind: 'remote', name: app, version: '0.1.0', routes })],
      );
      await db.query('INSERT INTO release_live (app, version, changed_at) VALUES ($1, $2, $3)', [app, '0.1.0', new Date(at)]);
    };
    await insert('aaa', ['/aaa', '/repay/', '/dup'], '2099-01-01T00:00:00Z');
    await insert('bbb', ['/bbb', '/dup'], '2099-01-01T00:00:00Z');
    const served = await manifest();
    const routesOf = (app: string) => served!.remotes.find((r) => r.app === app)!.routes;
    // repayment has claimed /repay since its first release: it keeps it, although 'aaa' comes first by name.
    expect(routesOf('aaa')).toEqual(['/aaa', '/dup']);
    expect(routesOf('repayment')).toEqual(['/repay', '/bindCard', '/that']);
    // Same time, no history: the smaller app name.
    expect(routesOf('bbb')).toEqual(['/bbb']);
    expect(served!.conflicts).toEqual([
      { route: '/dup', owner: 'aaa', others: ['bbb'] },
      { route: '/repay', owner: 'repayment', others: ['aaa'] },
    ]);
    // Every instance, every request: the same answer.
    expect(await manifest()).toEqual(served);

    // The owner keeps releasing (its claim stays unbroken, so it stays the owner); the other is refused.
    expect(await release(ctx, 'repayment', build('repayment', '0.3.0', ['/repay', '/bindCard']))).toMatchObject({ version: '0.3.0' });
    expect((await manifest())!.conflicts).toContainEqual({ route: '/repay', owner: 'repayment', others: ['aaa'] });
    await expect(release(ctx, 'bbb', build('bbb', '0.2.0', ['/bbb', '/dup']))).rejects.toThrow(
      'bbb 0.2.0 claims /dup, which aaa 0.1.0 (live) owns.\nA route has one owner: release aaa without it first, or pick another path.',
    );
  });

  it("a copy released under its own app but with a live remote's federation name is refused (release and local publish), naming both", async () => {
    // Built as 'repayment' (mf-manifest name and declaration), released as the app 'copycat' with a route of its own.
    const copy = build('repayment', '9.0.0', ['/copycat']);
    const message =
      'copycat 9.0.0 has the federation name "repayment", which repayment 0.3.0 (live) uses. ' +
      "A federation name belongs to one remote: rename it in copycat's vite.config.ts and package.json (lendview.remote).";
    await expect(release(ctx, 'copycat', copy)).rejects.toThrow(message);
    await expect(publishLocal(ctx, [{ app: 'copycat', dir: copy }])).rejects.toThrow(`nothing was published: ${message}`);
    expect((await listReleases(ctx)).some((r) => r.remote === 'copycat')).toBe(false);
    // Its own app keeps its name from version to version.
    expect(await release(ctx, 'repayment', build('repayment', '0.4.0', ['/repay', '/bindCard']))).toMatchObject({ previous: '0.3.0' });
  });
});
