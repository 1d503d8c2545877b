// The releases folder operations behind `pnpm release` / `pnpm rollback`, on throw-away folders.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ROOT } from '../remotes.mjs';
import { ReleaseError, assertFitsShell, goLive, publishVersion, readHistory, readManifest, withLock } from '../lib/releases.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'lendview-releases-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const shared = { react: '19.2.9', '@lendview/api-client': '0.1.0' };
function fakeBuild(dir, version, body = 'v1', built = shared) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, '.vite/manifest.json'), String(Math.random())); // not part of a release
  writeFileSync(join(dir, 'assets/app.js'), body);
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'marketing' }));
  const requires = (lib, v) => (lib.startsWith('@lendview/') ? `${v.split('.')[0]}.x` : `^${v}`);
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
  return decl;
}

test('a version is published once: identical bytes are a no-op, other bytes are refused', () => {
  const releases = join(tmp, 'immutable');
  fakeBuild(join(tmp, 'b1'), '1.0.0', 'one');
  fakeBuild(join(tmp, 'b1-again'), '1.0.0', 'one');
  fakeBuild(join(tmp, 'b1-changed'), '1.0.0', 'two');
  assert.equal(publishVersion(releases, 'marketing', '1.0.0', join(tmp, 'b1')), 'published');
  assert.equal(existsSync(join(releases, 'marketing/1.0.0/.vite')), false);
  assert.equal(publishVersion(releases, 'marketing', '1.0.0', join(tmp, 'b1-again')), 'identical');
  assert.throws(() => publishVersion(releases, 'marketing', '1.0.0', join(tmp, 'b1-changed')), /already published with different content/);
  assert.equal(readFileSync(join(releases, 'marketing/1.0.0/assets/app.js'), 'utf8'), 'one');
  assert.deepEqual(readdirSync(join(releases, 'marketing')), ['1.0.0']); // no temp folder left behind
});

test('going live rewrites one entry, keeps the others, and records the switch', () => {
  const releases = join(tmp, 'live');
  mkdirSync(releases, { recursive: true });
  const other = {
    name: 'loan_details',
    app: 'loan-details',
    version: '0.3.0',
    entry: '/remotes/loan-details/0.3.0/mf-manifest.json',
    routes: ['/loanDetails'],
  };
  writeFileSync(join(releases, 'remotes.json'), JSON.stringify({ remotes: [other] }));
  const v1 = fakeBuild(join(tmp, 'l1'), '1.0.0');
  const v2 = fakeBuild(join(tmp, 'l2'), '1.1.0');
  assert.equal(goLive(releases, 'marketing', v1, 'release'), null);
  assert.equal(goLive(releases, 'marketing', v2, 'release'), '1.0.0');
  assert.equal(goLive(releases, 'marketing', v2, 'release'), '1.1.0'); // already live: no new event
  assert.deepEqual(readManifest(releases).remotes, [
    other,
    { name: 'marketing', app: 'marketing', version: '1.1.0', entry: '/remotes/marketing/1.1.0/mf-manifest.json', routes: ['/About'] },
  ]);
  assert.deepEqual(
    readHistory(releases).events.map((e) => [e.app, e.version, e.previous, e.action]),
    [
      ['marketing', '1.0.0', null, 'release'],
      ['marketing', '1.1.0', '1.0.0', 'release'],
    ],
  );
  assert.deepEqual(readdirSync(releases).sort(), ['history.json', 'remotes.json']); // temp files renamed away
});

test('the shell check names the package, the need and what the shell provides', () => {
  const shellDir = join(tmp, 'shell');
  mkdirSync(shellDir, { recursive: true });
  assert.throws(() => assertFitsShell(fakeBuild(join(tmp, 's0'), '1.0.0'), shellDir), /declares no shared versions/);
  writeFileSync(
    join(shellDir, 'lendview-shell.json'),
    JSON.stringify({ format: 1, kind: 'shell', package: '@lendview/shell', version: '0.1.0', shared }),
  );
  assert.doesNotThrow(() => assertFitsShell(fakeBuild(join(tmp, 's1'), '1.0.0'), shellDir));
  const newer = fakeBuild(join(tmp, 's2'), '1.0.0', 'x', { ...shared, '@lendview/api-client': '1.2.0' });
  assert.throws(
    () => assertFitsShell(newer, shellDir),
    (e) =>
      e instanceof ReleaseError &&
      e.message.includes('@lendview/api-client: the remote needs 1.x (built against 1.2.0), the shell provides 0.1.0'),
  );
});

test('one release at a time: a second holder waits for the lock', async () => {
  const releases = join(tmp, 'lock');
  const order = [];
  const first = withLock(releases, async () => {
    order.push('first in');
    await new Promise((r) => setTimeout(r, 300));
    order.push('first out');
  });
  await new Promise((r) => setTimeout(r, 50));
  await withLock(releases, async () => order.push('second'));
  await first;
  assert.deepEqual(order, ['first in', 'first out', 'second']);
});

test('pnpm rollback without a version goes back to the one live before; an unpublished version is refused', () => {
  const releases = join(tmp, 'rollback');
  const shellDir = join(tmp, 'shell');
  for (const [v, body] of [
    ['1.0.0', 'a'],
    ['1.1.0', 'b'],
  ]) {
    const build = join(tmp, `r-${v}`);
    const decl = fakeBuild(build, v, body);
    publishVersion(releases, 'marketing', v, build);
    goLive(releases, 'marketing', decl, 'release');
  }
  const run = (...args) =>
    spawnSync(process.execPath, [join(ROOT, 'scripts/rollback.mjs'), 'marketing', ...args, '--releases', releases, '--shell', shellDir], {
      encoding: 'utf8',
    });
  const back = run();
  assert.equal(back.status, 0, back.stderr);
  assert.equal(readManifest(releases).remotes[0].version, '1.0.0');
  const missing = run('2.0.0');
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /rollback refused: marketing 2\.0\.0 is not published in .*; published: 1\.(0|1)\.0, 1\.(0|1)\.0/);
  assert.equal(readManifest(releases).remotes[0].version, '1.0.0');
});
