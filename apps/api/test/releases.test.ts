import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { main as releaseCli, openTarget } from '../src/cli/releases.ts';
import type { Db } from '../src/db/types.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { FolderStorage, type StorageProvider } from '../src/providers/storage.ts';
import { ReleaseError } from '../src/releases/builds.ts';
import { LEASE_MS, history, switchUnderLock, takeReleaseLock } from '../src/releases/catalog.ts';
import { importFolder, listReleases, publishLocal, release, rollback, type ReleaseContext } from '../src/releases/service.ts';
import { BACKENDS, openTestDb, type TestDb } from './helpers/setup.ts';
import { SHARED, remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';

// Releases against the database (migration 016, src/releases): one truth for every instance, immutable
// versions, the lock, rollback, the local publish of `pnpm start`, the import of the old folder layout, and the
// release control of a server holding the embedded database. On PGlite and on PostgreSQL.

const marketing = (version: string, body = 'v', shared: Record<string, string> = SHARED) =>
  remoteBuild(tempDir(), { name: 'marketing', version, routes: ['/About'], shared, files: { 'assets/app.js': body } });
const shell = (version: string, shared: Record<string, string> = SHARED) =>
  shellBuild(tempDir(), { version, index: `<!doctype html><title>${version}</title>`, shared });

describe.each(BACKENDS)('releases (%s)', (backend) => {
  let testDb: TestDb;
  let db: Db;
  let dir: string;
  let ctx: ReleaseContext;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    db = testDb.db;
    await migrate(db);
    dir = mkdtempSync(join(tmpdir(), 'lendview-releases-'));
    ctx = { db, storage: new FolderStorage(dir), actor: 'ana@laptop' };
  });
  afterAll(async () => {
    await testDb?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('publishes a version once; identical bytes are a no-op, other bytes are refused; a released version never changes', async () => {
    await release(ctx, 'shell', shell('0.1.0'));
    expect(await release(ctx, 'marketing', marketing('1.0.0', 'one'))).toEqual({
      app: 'marketing',
      version: '1.0.0',
      published: 'published',
      previous: null,
    });
    expect(await release(ctx, 'marketing', marketing('1.0.0', 'one'))).toMatchObject({ published: 'identical', previous: '1.0.0' });
    await expect(release(ctx, 'marketing', marketing('1.0.0', 'two'))).rejects.toThrow(
      /marketing 1\.0\.0 is already published with different content .*Published versions never change/,
    );
    expect(readFileSync(join(dir, 'marketing/1.0.0/assets/app.js'), 'utf8')).toBe('one');
    // Not even by hand: the database refuses to change or delete a released version.
    await expect(db.query("UPDATE release_versions SET digest = repeat('0', 64) WHERE app = 'marketing'")).rejects.toThrow(
      /release marketing 1\.0\.0 is published and never changes/,
    );
    await expect(db.query("DELETE FROM release_versions WHERE app = 'marketing'")).rejects.toThrow(/never changes/);
    // Names that cannot be folders or URL segments never reach the table.
    await expect(
      db.query(
        `INSERT INTO release_versions (app, version, kind, name, digest, declaration, files, source, published_at, published_by)
         VALUES ('marketing', '../../etc', 'remote', 'm', repeat('0', 64), '{}', '{}', 'release', now(), 'x')`,
      ),
    ).rejects.toThrow();
  });

  it('records who switched what, when, from which version to which; rollback goes back to the version live before', async () => {
    await release(ctx, 'marketing', marketing('1.1.0', 'b'));
    expect(await rollback(ctx, 'marketing')).toEqual({ app: 'marketing', version: '1.0.0', previous: '1.1.0' });
    await expect(rollback(ctx, 'marketing', '9.9.9')).rejects.toThrow('marketing 9.9.9 is not published; published: 1.0.0, 1.1.0');
    const events = (await history(db, 'marketing')).map((e) => [e.version, e.previous, e.action, e.actor]);
    expect(events).toEqual([
      ['1.0.0', null, 'release', 'ana@laptop'],
      ['1.1.0', '1.0.0', 'release', 'ana@laptop'],
      ['1.0.0', '1.1.0', 'rollback', 'ana@laptop'],
    ]);
    const listed = (await listReleases(ctx)).filter((r) => r.remote === 'marketing');
    expect(listed.map((r) => [r.version, r.live, r.action, r.source])).toEqual([
      ['1.1.0', false, 'release', 'release'],
      ['1.0.0', true, 'rollback', 'release'],
    ]);
  });

  it('keeps the compatibility checks: a remote refused on an older shell; a shell refused under a live remote it does not fit', async () => {
    const newer = marketing('2.0.0', 'x', { ...SHARED, '@lendview/api-client': '1.0.0' });
    await expect(release(ctx, 'marketing', newer)).rejects.toThrow(
      /marketing 2\.0\.0 cannot go live on the live shell 0\.1\.0 \(@lendview\/shell 0\.1\.0\):\n {2}- @lendview\/api-client: the remote needs 1\.x \(built against 1\.0\.0\), the shell provides 0\.1\.0/,
    );
    expect((await listReleases(ctx)).some((r) => r.version === '2.0.0')).toBe(false);
    await expect(release(ctx, 'shell', shell('0.2.0', { react: '19.2.9' }))).rejects.toThrow(
      /shell 0\.2\.0 cannot go live: live remotes do not fit it:\n {2}marketing 1\.0\.0:\n {4}- @lendview\/api-client: the remote needs 0\.x \(built against 0\.1\.0\), the shell does not share it/,
    );
    // The shell with the next api-client major, then the remote built against it: in that order, both go live.
    await expect(release(ctx, 'shell', shell('1.0.0', { ...SHARED, '@lendview/api-client': '1.0.0' }))).rejects.toThrow(
      /live remotes do not fit it/,
    );
  });

  it('one release at a time: a concurrent release is refused by the lock and switches nothing', async () => {
    // The first release holds the lock while it stores its files, and the second starts then (started together,
    // a busy machine could let the first finish before the second asks for the lock).
    let letGo!: () => void;
    const held = new Promise<void>((done) => (letGo = done));
    let storing!: () => void;
    const started = new Promise<void>((done) => (storing = done));
    const storage = ctx.storage;
    const slow: StorageProvider = {
      put: async (...args) => {
        storing();
        await held;
        return storage.put(...args);
      },
      get: (key) => storage.get(key),
      stream: (key) => storage.stream(key),
      delete: (key) => storage.delete(key),
      describe: () => storage.describe(),
    };
    const first = release({ ...ctx, storage: slow }, 'marketing', marketing('1.2.0', 'c'));
    await Promise.race([started, first.catch(() => undefined)]);
    const [b] = await Promise.allSettled([release(ctx, 'marketing', marketing('1.3.0', 'd'))]);
    letGo();
    const [a] = await Promise.allSettled([first]);
    const outcomes = [a, b].map((r) => r.status);
    expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
    const refused = [a, b].find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ReleaseError);
    expect((refused.reason as Error).message).toMatch(
      /^another release is in progress \(ana@laptop since .*\): try again when it has finished/,
    );
    const winner = (a.status === 'fulfilled' ? a.value : (b as PromiseFulfilledResult<{ version: string }>).value).version;
    expect((await listReleases(ctx)).find((r) => r.remote === 'marketing' && r.live)?.version).toBe(winner);
    // The lock is free again afterwards.
    await rollback(ctx, 'marketing', '1.0.0');
  });

  it('a lock left by a command that died expires; a holder whose lease was taken over cannot switch', async () => {
    const stale = await takeReleaseLock(db, 'crashed@ci');
    await expect(rollback(ctx, 'marketing', '1.1.0')).rejects.toThrow(/another release is in progress \(crashed@ci since/);
    await db.query(`UPDATE release_lock SET until = now() - interval '1 second'`);
    // Expired: the next command takes it over, and the stalled holder can no longer switch anything.
    const next = await takeReleaseLock(db, 'next@ci');
    await expect(switchUnderLock(db, stale, async () => 'switched')).rejects.toThrow(/the release lock was lost/);
    await expect(switchUnderLock(db, next, async () => 'switched')).resolves.toBe('switched');
    await next.release();
    expect(await rollback(ctx, 'marketing', '1.1.0')).toMatchObject({ version: '1.1.0' });
    await stale.release(); // no longer its lock: nothing happens
    const [row] = await db.query<{ holder: string | null }>('SELECT holder FROM release_lock');
    expect(row!.holder).toBeNull();
    expect(LEASE_MS).toBe(120_000);
    await rollback(ctx, 'marketing', '1.0.0');
  });

  it('the local publish of pnpm start replaces its own earlier build, never a released version', async () => {
    const local = { db, storage: ctx.storage, actor: 'dev@laptop', say: (l: string) => said.push(l) };
    const said: string[] = [];
    const first = await publishLocal(local, [{ app: 'marketing', dir: marketing('1.4.0', 'local one') }]);
    expect(first).toEqual([{ app: 'marketing', version: '1.4.0', outcome: 'published' }]);
    const again = await publishLocal(local, [{ app: 'marketing', dir: marketing('1.4.0', 'local two') }]);
    expect(again).toEqual([{ app: 'marketing', version: '1.4.0', outcome: 'replaced' }]);
    expect(readFileSync(join(dir, 'marketing/1.4.0/assets/app.js'), 'utf8')).toBe('local two');
    // Released as it is: from now on it is immutable, and the next local build of 1.4.0 leaves it alone.
    expect(await release(ctx, 'marketing', marketing('1.4.0', 'local two'))).toMatchObject({ published: 'identical' });
    const kept = await publishLocal(local, [{ app: 'marketing', dir: marketing('1.4.0', 'local three') }]);
    expect(kept).toEqual([{ app: 'marketing', version: '1.4.0', outcome: 'kept-release' }]);
    expect(said.join('\n')).toMatch(/marketing 1\.4\.0 was released with other bytes than this local build; it stays as released/);
    expect(readFileSync(join(dir, 'marketing/1.4.0/assets/app.js'), 'utf8')).toBe('local two');
    await rollback(ctx, 'marketing', '1.0.0');
  });
});

describe.each(BACKENDS)('the folder layout imported (%s)', (backend) => {
  let testDb: TestDb;
  let folder: string;
  let target: string;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    folder = tempDir('lendview-old-releases-');
    target = tempDir('lendview-new-releases-');
    remoteBuild(join(folder, 'marketing/0.1.0'), { name: 'marketing', version: '0.1.0', routes: ['/About'] });
    remoteBuild(join(folder, 'marketing/0.1.1'), { name: 'marketing', version: '0.1.1', routes: ['/About', '/Contact'] });
    // A build from before the declarations: imported with what remotes.json says of it.
    mkdirSync(join(folder, 'loan-details/0.3.0'), { recursive: true });
    writeFileSync(join(folder, 'loan-details/0.3.0/mf-manifest.json'), JSON.stringify({ name: 'loan_details' }));
    writeFileSync(join(folder, 'loan-details/0.3.0/remoteEntry.js'), '1');
    writeFileSync(
      join(folder, 'remotes.json'),
      JSON.stringify({
        remotes: [
          {
            name: 'marketing',
            app: 'marketing',
            version: '0.1.1',
            entry: '/remotes/marketing/0.1.1/mf-manifest.json',
            routes: ['/About', '/Contact'],
          },
          {
            name: 'loan_details',
            app: 'loan-details',
            version: '0.3.0',
            entry: '/remotes/loan-details/0.3.0/mf-manifest.json',
            routes: ['/loanDetails'],
          },
        ],
      }),
    );
    writeFileSync(
      join(folder, 'history.json'),
      JSON.stringify({
        events: [
          {
            at: '2026-11-01T00:00:00.000Z',
            app: 'marketing',
            name: 'marketing',
            version: '0.1.0',
            previous: null,
            action: 'start',
            by: 'a@b',
          },
          {
            at: '2026-11-02T00:00:00.000Z',
            app: 'marketing',
            name: 'marketing',
            version: '0.1.1',
            previous: '0.1.0',
            action: 'release',
            by: 'ci@build-7',
          },
        ],
      }),
    );
  });
  afterAll(async () => {
    await testDb?.cleanup();
    for (const d of [folder, target]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('every version, the history and what was live move into the database and the storage, once', async () => {
    const ctx = { db: testDb.db, storage: new FolderStorage(target), actor: 'ops@host' };
    expect(await importFolder(ctx, folder)).toEqual({ versions: 3, live: ['marketing@0.1.1', 'loan-details@0.3.0'] });
    expect(readFileSync(join(target, 'marketing/0.1.0/remoteEntry.js'), 'utf8')).toContain('0.1.0');
    const rows = await listReleases(ctx);
    expect(rows.map((r) => [r.remote, r.version, r.live, r.action, r.source])).toEqual([
      ['loan-details', '0.3.0', true, 'import', 'import'],
      ['marketing', '0.1.1', true, 'import', 'import'],
      ['marketing', '0.1.0', false, 'start', 'import'],
    ]);
    // The folder's history, then the switch of the import itself.
    expect((await history(testDb.db, 'marketing')).map((e) => [e.version, e.previous, e.action, e.actor])).toEqual([
      ['0.1.0', null, 'start', 'a@b'],
      ['0.1.1', '0.1.0', 'release', 'ci@build-7'],
      ['0.1.1', null, 'import', 'ops@host'],
    ]);
    await expect(importFolder(ctx, folder)).rejects.toThrow(/imported once/);

    // Served as before, from the new store.
    const app = buildApp({
      db: testDb.db,
      demo: true,
      shellDir: tempDir(),
      releasesDir: folder,
      logger: false,
      releases: { storage: ctx.storage },
    });
    await app.ready();
    const manifest = (await app.inject({ method: 'GET', url: '/remotes.json' })).json<{ remotes: { app: string; routes: string[] }[] }>();
    expect(manifest.remotes.map((r) => [r.app, r.routes])).toEqual([
      ['loan-details', ['/loanDetails']],
      ['marketing', ['/About', '/Contact']],
    ]);
    expect((await app.inject({ method: 'GET', url: '/remotes/loan-details/0.3.0/remoteEntry.js' })).statusCode).toBe(200);
    await app.close();
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  let testDb: TestDb;
  let dir: string;
  beforeAll(async () => {
    testDb = await openTestDb('pg');
    await migrate(testDb.db);
    dir = tempDir('lendview-shared-releases-');
  });
  afterAll(async () => {
    await testDb?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('see the same live version at once after a release or a rollback made through either of them', async () => {
    const other = await testDb.openAnother();
    const storage = new FolderStorage(dir);
    const apps = [testDb.db, other].map((db) =>
      buildApp({ db, demo: true, shellDir: tempDir(), releasesDir: dir, logger: false, releases: { storage } }),
    );
    await Promise.all(apps.map((a) => a.ready()));
    const live = async () =>
      Promise.all(
        apps.map(
          async (a) =>
            (await a.inject({ method: 'GET', url: '/remotes.json' })).json<{ remotes: { version: string }[] }>().remotes[0]!.version,
        ),
      );
    await release({ db: testDb.db, storage, actor: 'a' }, 'shell', shell('0.1.0'));
    await release({ db: testDb.db, storage, actor: 'a' }, 'marketing', marketing('1.0.0'));
    expect(await live()).toEqual(['1.0.0', '1.0.0']);
    // Released through the other instance's connection: the first sees it on its next request.
    await release({ db: other, storage, actor: 'b' }, 'marketing', marketing('1.1.0'));
    expect(await live()).toEqual(['1.1.0', '1.1.0']);
    await rollback({ db: testDb.db, storage, actor: 'a' }, 'marketing');
    expect(await live()).toEqual(['1.0.0', '1.0.0']);
    // Both pages load the same shell.
    const pages = await Promise.all(
      apps.map(async (a) => (await a.inject({ method: 'GET', url: '/About', headers: { accept: 'text/html' } })).body),
    );
    expect(pages).toEqual(['<!doctype html><title>0.1.0</title>', '<!doctype html><title>0.1.0</title>']);
    // A release from one connection while another holds the lock is refused.
    const held = await takeReleaseLock(other, 'b@host');
    await expect(release({ db: testDb.db, storage, actor: 'a' }, 'marketing', marketing('1.2.0'))).rejects.toThrow(
      /another release is in progress \(b@host/,
    );
    await held.release();
    await Promise.all(apps.map((a) => a.close()));
  });
});

describe('release control of a server holding the embedded database', () => {
  let dataDir: string;
  let releasesDir: string;
  let db: Db;
  let app: ReturnType<typeof buildApp>;
  const saved = { ...process.env };
  beforeAll(async () => {
    dataDir = tempDir('lendview-control-');
    releasesDir = join(dataDir, 'releases');
    db = await openPglite({ dataDir: join(dataDir, 'pglite') });
    await migrate(db);
    app = buildApp({
      db,
      demo: true,
      shellDir: shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html>' }),
      releasesDir,
      logger: false,
      releases: { controlFile: join(dataDir, 'release-control.json') },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    process.env = saved;
    await app?.close();
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a release command finds the database held and asks the server, which releases on its own database and storage', async () => {
    const control = JSON.parse(readFileSync(join(dataDir, 'release-control.json'), 'utf8')) as { pid: number; url: string; token: string };
    expect(control.pid).toBe(process.pid);
    const env = {
      dataDir,
      databaseUrl: undefined,
      releasesDir,
      shellDir: '',
      storage: { kind: 'folder' as const },
      assetOrigin: undefined,
      migrate: true,
    };
    const target = await openTarget(env);
    expect(target.database).toMatch(/through the server, process \d+/);
    const outcome = await target.run(
      { op: 'release', app: 'marketing', from: marketing('1.0.0'), name: 'marketing' },
      'ana@laptop',
      () => {},
    );
    expect(outcome).toMatchObject({ op: 'release', result: { version: '1.0.0', previous: null } });
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toMatchObject({
      remotes: [{ app: 'marketing', version: '1.0.0' }],
    });
    // Refusals come back as refusals.
    await expect(target.run({ op: 'rollback', app: 'marketing', version: '7.0.0' }, 'ana@laptop', () => {})).rejects.toThrow(ReleaseError);
    // Another releases folder than the server's: refused before anything is asked.
    await expect(openTarget({ ...env, releasesDir: join(dataDir, 'elsewhere') })).rejects.toThrow(
      /stores releases in folder:.*, not folder:/,
    );

    // Without the token, or with another one: refused.
    const denied = await fetch(`${control.url}/internal/releases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lendview-release-token': 'f'.repeat(64) },
      body: JSON.stringify({ operation: { op: 'list' }, actor: 'x' }),
    });
    expect(denied.status).toBe(403);

    // The command itself, as `pnpm rollback marketing` runs it.
    process.env.DATA_DIR = dataDir;
    process.env.RELEASES_DIR = releasesDir;
    delete process.env.DATABASE_URL;
    delete process.env.STORAGE;
    const lines: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void lines.push(args.join(' '));
    try {
      expect(await releaseCli(['list', '--json'])).toBe(0);
    } finally {
      console.log = log;
    }
    const listed = JSON.parse(lines.join('\n')) as { database: string; remotes: { remote: string; version: string; live: boolean }[] };
    expect(listed.database).toMatch(/through the server/);
    expect(listed.remotes.map((r) => [r.remote, r.version, r.live])).toEqual([
      ['marketing', '1.0.0', true],
      ['shell', '0.1.0', true],
    ]);
  });
});
