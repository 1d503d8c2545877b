// A second `turbo run build` with nothing changed must restore every task from the cache (the task graph
// and outputs in turbo.json are complete), and a change that alters a build must alter its hash.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../remotes.mjs';

// A remote nobody else builds in a shared checkout; its graph still takes in every runtime package.
const FILTER = '--filter=@lendview/marketing';

function turbo(args, env = {}) {
  const r = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', FILTER, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ...env },
  });
  assert.equal(r.status, 0, `turbo ${args.join(' ')}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

test('a second build with nothing changed is all cache hits ("FULL TURBO")', { timeout: 300_000 }, () => {
  turbo(['--output-logs=errors-only']); // fills the cache if this checkout never built it
  const out = turbo(['--output-logs=none', '--summarize']);
  const summaryFile = /Summary:\s+(\S+\.json)/.exec(out)?.[1];
  assert.ok(summaryFile, `no run summary in:\n${out}`);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  const tasks = summary.tasks.filter((t) => t.command !== '<NONEXISTENT>');
  assert.ok(
    tasks.some((t) => t.taskId === '@lendview/marketing#build'),
    'the filter selected the marketing build',
  );
  const missed = tasks.filter((t) => t.cache.status !== 'HIT').map((t) => `${t.taskId}: ${t.cache.status}`);
  assert.deepEqual(missed, [], 'tasks rebuilt although nothing changed');
  // A hit restores the build folder only if turbo.json declares it as the output.
  assert.deepEqual(tasks.find((t) => t.taskId === '@lendview/marketing#build').outputs, ['dist/**']);
  assert.match(out, /FULL TURBO/);
});

test('the build hash follows its declared env and the packages it bundles', () => {
  const graph = (env) => JSON.parse(turbo(['--dry=json'], env)).tasks;
  const plain = graph({ MF_BUILD_VERSION: '' });
  const other = graph({ MF_BUILD_VERSION: '9.9.9' });
  const hash = (tasks, id) => tasks.find((t) => t.taskId === id)?.hash;
  assert.notEqual(hash(plain, '@lendview/marketing#build'), hash(other, '@lendview/marketing#build'), 'MF_BUILD_VERSION changes the build');
  // The shared packages export source that the remote bundles: they are in its graph, so editing one
  // (or the shared vite config) changes the remote's hash instead of restoring a stale build.
  const deps = plain.find((t) => t.taskId === '@lendview/marketing#build').dependencies;
  for (const pkg of ['@lendview/api-client', '@lendview/ui', '@lendview/i18n', '@lendview/bridge', '@lendview/vite-config']) {
    assert.ok(deps.includes(`${pkg}#build`), `${pkg}#build is a dependency of the marketing build`);
  }
});

test('the API build depends on every workspace package it bundles (issue 36: the release rules were a relative import)', () => {
  const r = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@lendview/api', '--dry=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  assert.equal(r.status, 0, r.stderr);
  const api = JSON.parse(r.stdout).tasks.find((t) => t.taskId === '@lendview/api#build');
  // The release compatibility rules (packages/vite-config/declaration.mjs) are bundled into the API's release
  // commands: in the graph, an edit to them changes the API's hash instead of restoring a build with the old rules,
  // and `turbo prune @lendview/api` carries the package.
  for (const pkg of ['@lendview/contracts', '@lendview/i18n', '@lendview/vite-config']) {
    assert.ok(api.dependencies.includes(`${pkg}#build`), `${pkg}#build is a dependency of the API build`);
  }
  // ...and the API's sources import it by its name, never by a path into packages/.
  const relative = spawnSync('grep', ['-rlE', "from '(\\.\\./)+packages/", join(ROOT, 'apps/api/src')], { encoding: 'utf8' });
  assert.equal(relative.stdout, '', 'apps/api/src imports a workspace package by a relative path');
});
