// The release builds from a clean output folder (issue 16 item 2): `pnpm release <app>` removes apps/<app>/dist
// before `turbo run build --filter=...`, so a turbo cache hit restores exactly that commit's output. On a temp
// workspace with its own turbo cache (never the checkout's apps/*/dist: other runs read them): build A, build B
// with an extra file, back to A (a revert): a cache hit, and the release digest equals A's. Without the clean
// folder, B's extra file stays and the digest differs (the "already published with different content" of a revert).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { ROOT } from '../remotes.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'lendview-clean-build-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const TURBO = join(ROOT, 'node_modules/.bin/turbo');
const ws = join(tmp, 'ws');
const app = join(ws, 'apps/demo');
const dist = join(app, 'dist');

/** A workspace with one remote whose build writes what a remote build declares, from src/. */
function workspace() {
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(ws, 'package.json'), JSON.stringify({ name: 'clean-build-ws', private: true, packageManager: 'pnpm@10.34.9' }));
  writeFileSync(join(ws, 'pnpm-workspace.yaml'), 'packages:\n  - apps/*\n');
  writeFileSync(join(ws, 'turbo.json'), JSON.stringify({ tasks: { build: { outputs: ['dist/**'] } } }));
  // As in the checkout: a git work tree that ignores build output (turbo hashes what git does not ignore).
  writeFileSync(join(ws, '.gitignore'), 'dist\n.turbo\nnode_modules\n');
  spawnSync('git', ['init', '-q'], { cwd: ws });
  writeFileSync(
    join(app, 'build.mjs'),
    `import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
mkdirSync('dist/assets', { recursive: true });
writeFileSync('dist/mf-manifest.json', JSON.stringify({ name: 'demo' }));
writeFileSync('dist/remoteEntry.js', 'export {};');
writeFileSync('dist/lendview-remote.json', JSON.stringify({ format: 1, kind: 'remote', name: 'demo', version, routes: ['/demo'], shared: {} }));
writeFileSync('dist/assets/app.js', readFileSync('src/app.txt'));
if (existsSync('src/extra.txt')) writeFileSync('dist/assets/extra.js', readFileSync('src/extra.txt'));
`,
  );
}

function commit(state) {
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: '@t/demo', version: state.version, private: true, scripts: { build: 'node build.mjs' } }),
  );
  writeFileSync(join(app, 'src/app.txt'), state.app);
  if (state.extra) writeFileSync(join(app, 'src/extra.txt'), state.extra);
  else rmSync(join(app, 'src/extra.txt'), { force: true });
}

/** Runs the release command's build (cleanBuild) or a plain turbo build, and reads the digest a release would publish. */
function build(mode) {
  const loader = createRequire(join(ROOT, 'apps/api/package.json')).resolve('tsx');
  const script = join(tmp, 'build.mts');
  writeFileSync(
    script,
    `import { spawnSync } from 'node:child_process';
import { cleanBuild } from ${JSON.stringify(pathToFileURL(join(ROOT, 'apps/api/src/cli/releases.ts')).href)};
import { readBuild } from ${JSON.stringify(pathToFileURL(join(ROOT, 'apps/api/src/releases/service.ts')).href)};
const [mode, ws, dist, turbo] = process.argv.slice(2);
const dry = JSON.parse(spawnSync(turbo, ['run', 'build', '--filter=@t/demo', '--dry=json'], { cwd: ws, encoding: 'utf8', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } }).stdout);
const cache = dry.tasks.find((t) => t.taskId === '@t/demo#build').cache.status;
if (mode === 'clean') cleanBuild({ app: 'demo', dist, pkg: '@t/demo' }, { root: ws, turbo: [turbo], stdio: 'pipe' });
else if (spawnSync(turbo, ['run', 'build', '--filter=@t/demo'], { cwd: ws, env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } }).status !== 0) throw new Error('turbo failed');
const b = readBuild('demo', dist);
console.log(JSON.stringify({ cache, digest: b.digest, version: b.version, files: Object.keys(b.files).sort() }));
`,
  );
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(loader).href, script, mode, ws, dist, TURBO], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

const A = { version: '1.0.0', app: 'console.log("A")' };
const B = { version: '1.1.0', app: 'console.log("B")', extra: 'console.log("extra")' };

test('a revert released after a cache hit has exactly the earlier build: the same digest as A', { timeout: 180_000 }, () => {
  workspace();
  commit(A);
  const a = build('clean');
  assert.equal(a.cache, 'MISS');
  assert.deepEqual(a.files, ['assets/app.js', 'lendview-remote.json', 'mf-manifest.json', 'remoteEntry.js']);

  commit(B);
  const b = build('clean');
  assert.notEqual(b.digest, a.digest);
  assert.ok(b.files.includes('assets/extra.js'));

  // The revert: A's sources again. turbo restores A's output from its cache into a clean folder.
  commit(A);
  const reverted = build('clean');
  assert.equal(reverted.cache, 'HIT');
  assert.equal(reverted.version, '1.0.0');
  assert.deepEqual(reverted.files, a.files);
  assert.equal(reverted.digest, a.digest);
  assert.equal(existsSync(join(dist, 'assets/extra.js')), false);
});

test(
  "without the clean folder the same revert keeps the later build's file and another digest (what the release no longer does)",
  { timeout: 180_000 },
  () => {
    commit(B);
    const b = build('clean');
    commit(A);
    const stale = build('plain');
    assert.equal(stale.cache, 'HIT');
    assert.ok(stale.files.includes('assets/extra.js'), "turbo restores over the folder, leaving B's extra file");
    assert.notEqual(stale.digest, b.digest);
    const clean = build('clean');
    assert.notEqual(stale.digest, clean.digest);
    assert.ok(!clean.files.includes('assets/extra.js'));
  },
);
