// `pnpm release` / `pnpm rollback` / `pnpm remotes` as a person or CI runs them: the scripts, against a throw-away
// embedded database (DATA_DIR) and releases folder (--releases), and against PostgreSQL in a schema of its own
// when DATABASE_URL is set. The release logic itself is tested in apps/api/test/releases.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from '../remotes.mjs';
import { runReleaseCli } from '../lib/releases.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'lendview-releases-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const shared = { react: '19.2.9', '@lendview/api-client': '0.1.0' };
const requires = (lib, v) => (lib.startsWith('@lendview/') ? `${v.split('.')[0]}.x` : `^${v}`);

function fakeRemote(dir, version, body = 'v1', built = shared) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, '.vite/manifest.json'), String(Math.random())); // not part of a release
  writeFileSync(join(dir, 'assets/app.js'), body);
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'marketing' }));
  const decl = {
    format: 1,
    kind: 'remote',
    name: 'marketing',
    package: '@lendview/marketing',
    version,
    routes: ['/About'],
    shared: Object.fromEntries(Object.entries(built).map(([lib, v]) => [lib, { version: v, requires: requires(lib, v) }])),
  };
  writeFileSync(join(dir, 'lendview-remote.json'), JSON.stringify(decl));
  return dir;
}

function fakeShell(dir, version, provides = shared) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>shell ${version}</title>`);
  writeFileSync(join(dir, `assets/index-${version}.js`), 'console.log(1)');
  writeFileSync(
    join(dir, 'lendview-shell.json'),
    JSON.stringify({ format: 1, kind: 'shell', package: '@lendview/shell', version, shared: provides }),
  );
  return dir;
}

const backends = [['PGlite', () => ({ DATA_DIR: join(tmp, `data-${randomUUID()}`) })]];
let pgAdmin;
if (process.env.DATABASE_URL) {
  // A schema of its own on the test server, dropped afterwards (pg from the API's dependencies).
  const pg = createRequire(join(ROOT, 'apps/api/package.json'))('pg');
  const schema = `scripts_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  before(async () => {
    pgAdmin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await pgAdmin.connect();
    await pgAdmin.query(`CREATE SCHEMA ${schema}`);
  });
  after(async () => {
    await pgAdmin?.query(`DROP SCHEMA ${schema} CASCADE`);
    await pgAdmin?.end();
  });
  const url = new URL(process.env.DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  backends.push(['PostgreSQL', () => ({ DATABASE_URL: url.toString() })]);
}

for (const [name, database] of backends) {
  describe(`release scripts (${name})`, () => {
    const releases = join(tmp, `releases-${randomUUID()}`);
    const env = { ...process.env, ...database(), STORAGE: '' };
    if (!env.DATABASE_URL || name === 'PGlite') delete env.DATABASE_URL;
    const run = (command, ...args) => runReleaseCli(command, [...args, '--releases', releases], { capture: true, env, cwd: ROOT });
    const listed = () => {
      const r = run('list', '--json');
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout).remotes;
    };

    test('a remote is refused until a shell is live; then published once: identical bytes a no-op, other bytes refused', () => {
      const first = run('release', 'marketing', '--from', fakeRemote(join(tmp, `${name}-m1`), '1.0.0', 'one'));
      assert.equal(first.status, 1);
      assert.match(first.stderr, /release refused: marketing 1\.0\.0 cannot go live: no shell is live to check it against/);

      const shell = run('release', 'shell', '--from', fakeShell(join(tmp, `${name}-s1`), '0.1.0'));
      assert.equal(shell.status, 0, shell.stderr);
      assert.match(shell.stdout, /release: shell is live at 0\.1\.0 \(was not live\)/);

      const ok = run('release', 'marketing', '--from', join(tmp, `${name}-m1`));
      assert.equal(ok.status, 0, ok.stderr);
      assert.match(ok.stdout, /release: marketing 1\.0\.0 published to folder:/);
      assert.match(ok.stdout, /release: marketing is live at 1\.0\.0 \(was not live\)/);
      assert.equal(existsSync(join(releases, 'marketing/1.0.0/assets/app.js')), true);
      assert.equal(existsSync(join(releases, 'marketing/1.0.0/.vite')), false);

      const again = run('release', 'marketing', '--from', fakeRemote(join(tmp, `${name}-m1-again`), '1.0.0', 'one'));
      assert.equal(again.status, 0, again.stderr);
      assert.match(again.stdout, /already published \(identical\)/);
      assert.match(again.stdout, /marketing 1\.0\.0 was already live/);

      const clash = run('release', 'marketing', '--from', fakeRemote(join(tmp, `${name}-m1-changed`), '1.0.0', 'two'));
      assert.equal(clash.status, 1);
      assert.match(clash.stderr, /release refused: marketing 1\.0\.0 is already published with different content/);
      assert.deepEqual(readdirSync(join(releases, 'marketing')), ['1.0.0']);
    });

    test('a remote built against an api-client major the live shell does not provide is refused, and nothing is written', () => {
      const newer = fakeRemote(join(tmp, `${name}-major`), '2.0.0', 'x', { ...shared, '@lendview/api-client': '1.2.0' });
      const r = run('release', 'marketing', '--from', newer);
      assert.equal(r.status, 1);
      assert.match(r.stderr, /release refused: marketing 2\.0\.0 cannot go live on the live shell 0\.1\.0 \(@lendview\/shell 0\.1\.0\):/);
      assert.match(r.stderr, /@lendview\/api-client: the remote needs 1\.x \(built against 1\.2\.0\), the shell provides 0\.1\.0/);
      assert.equal(existsSync(join(releases, 'marketing/2.0.0')), false);
      assert.deepEqual(
        listed().map((row) => [row.remote, row.version, row.live]),
        [
          ['marketing', '1.0.0', true],
          ['shell', '0.1.0', true],
        ],
      );
    });

    test('rollback without a version goes back to the one live before; an unpublished version is refused; remotes lists how each went live', () => {
      const up = run('release', 'marketing', '--from', fakeRemote(join(tmp, `${name}-m11`), '1.1.0', 'b'));
      assert.equal(up.status, 0, up.stderr);
      const back = run('rollback', 'marketing');
      assert.equal(back.status, 0, back.stderr);
      assert.match(back.stdout, /rollback: marketing is live at 1\.0\.0 \(was 1\.1\.0\)/);
      const missing = run('rollback', 'marketing', '9.9.9');
      assert.equal(missing.status, 1);
      assert.match(missing.stderr, /rollback refused: marketing 9\.9\.9 is not published; published: 1\.0\.0, 1\.1\.0/);

      const rows = listed().filter((row) => row.remote === 'marketing');
      assert.deepEqual(
        rows.map((row) => [row.version, row.live, row.action]),
        [
          ['1.1.0', false, 'release'],
          ['1.0.0', true, 'rollback'],
        ],
      );
      assert.ok(rows.every((row) => !Number.isNaN(Date.parse(row.wentLive)) && row.by));
      const table = run('list');
      assert.match(table.stdout, /^releases: /);
      assert.match(table.stdout, /marketing\s+1\.0\.0\s+live\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+rollback/);
    });

    test('the shell is released like a remote, and refused when a live remote would not fit it', () => {
      const older = run(
        'release',
        'shell',
        '--from',
        fakeShell(join(tmp, `${name}-s0`), '0.2.0', { react: '19.1.0', '@lendview/api-client': '0.1.0' }),
      );
      assert.equal(older.status, 1);
      assert.match(
        older.stderr,
        /release refused: shell 0\.2\.0 cannot go live: live remotes do not fit it:\n {2}marketing 1\.0\.0:\n {4}- react: the remote needs \^19\.2\.9/,
      );
      const next = run('release', 'shell', '--from', fakeShell(join(tmp, `${name}-s2`), '0.3.0'));
      assert.equal(next.status, 0, next.stderr);
      const back = run('rollback', 'shell');
      assert.equal(back.status, 0, back.stderr);
      assert.match(back.stdout, /rollback: shell is live at 0\.1\.0 \(was 0\.3\.0\)/);
    });

    test('usage and unknown apps', () => {
      const none = run('release');
      assert.equal(none.status, 2);
      assert.match(none.stdout, /usage: pnpm release <app>/);
      const unknown = run('release', 'nope', '--from', tmp);
      assert.equal(unknown.status, 1);
      assert.match(unknown.stderr, /release refused: no app "nope"; apps: .*marketing.*shell/);
    });
  });
}
