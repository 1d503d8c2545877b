// The container image's pieces, tested without Docker (issue 15 item 7; deploy/Dockerfile, docs/deploy.md): the
// same `turbo prune --docker` tree plus deploy/prune-extra-files.txt, installed from the lockfile, the API and the
// shell built in it (the shell once failed there: tsconfig.base.json was not carried), `pnpm deploy --prod` of the
// API, and the runtime layout the Dockerfile assembles: its migrate step, its first publish, the server started
// from it, and the Dockerfile's own HEALTHCHECK command answering 0 against it.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ROOT } from '../remotes.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'lendview-container-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const DOCKERFILE = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');

function run(cmd, args, cwd, env = process.env) {
  const r = spawnSync(cmd, args, { cwd, env: { ...env, TURBO_TELEMETRY_DISABLED: '1' }, encoding: 'utf8' });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

test('the Dockerfile runs as a non-root user and has a readiness HEALTHCHECK', () => {
  const runtime = DOCKERFILE.slice(DOCKERFILE.lastIndexOf('AS runtime'));
  assert.match(runtime, /^USER node$/m);
  assert.ok(runtime.indexOf('USER node') < runtime.indexOf('CMD ['), 'USER before CMD');
  assert.match(runtime, /HEALTHCHECK[\s\S]*\/readyz/);
});

test(
  'pruned tree → install → build → deploy → runtime layout: migrates, publishes, serves, HEALTHCHECK 0',
  { timeout: 900_000 },
  async () => {
    // The prune command and its package list, exactly as the Dockerfile has them.
    const prune = /pnpm dlx turbo@[\d.]+ (prune [\s\S]*?--out-dir \/out)/.exec(DOCKERFILE);
    assert.ok(prune, 'the Dockerfile prunes with turbo');
    const args = prune[1]
      .replace(/\\\n/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .map((a) => (a === '/out' ? join(tmp, 'out') : a));
    run('pnpm', ['exec', 'turbo', ...args], ROOT);
    const extra = readFileSync(join(ROOT, 'deploy/prune-extra-files.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    for (const f of extra) cpSync(join(ROOT, f), join(tmp, 'out/full', f));

    // The build stage: json/ and the lockfile, install, then full/ and the builds the runtime needs.
    const build = join(tmp, 'build');
    cpSync(join(tmp, 'out/json'), build, { recursive: true });
    cpSync(join(tmp, 'out/pnpm-lock.yaml'), join(build, 'pnpm-lock.yaml'));
    run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], build);
    cpSync(join(tmp, 'out/full'), build, { recursive: true });
    run(
      'pnpm',
      ['exec', 'turbo', 'run', 'build', '--filter=@lendview/api', '--filter=@lendview/shell', '--output-logs=errors-only'],
      build,
    );
    run('pnpm', ['--filter', '@lendview/api', 'deploy', '--prod', '--legacy', join(tmp, 'deploy/api')], build);

    // The runtime stage's layout.
    const app = join(tmp, 'runtime');
    mkdirSync(join(app, 'apps/shell'), { recursive: true });
    cpSync(join(tmp, 'deploy/api'), join(app, 'apps/api'), { recursive: true });
    cpSync(join(build, 'apps/shell/dist'), join(app, 'apps/shell/dist'), { recursive: true });
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DEMO_MODE: '1',
      HOST: '127.0.0.1',
      DATA_DIR: join(tmp, 'data'),
      SHELL_DIR: join(app, 'apps/shell/dist'),
      READY_MIN_FREE_MB: '1',
    };
    // compose.yaml's migrate service: migrations, then the first publish.
    assert.match(run(process.execPath, ['apps/api/dist/migrate.mjs'], app, env), /Applied \d+/);
    run(process.execPath, ['apps/api/dist/releases.mjs', 'publish-local'], app, env);

    const port = await freePort();
    const server = spawn(process.execPath, ['apps/api/dist/server.mjs'], {
      cwd: app,
      env: { ...env, PORT: String(port) },
      stdio: 'ignore',
    });
    try {
      const healthcheck = JSON.parse(/HEALTHCHECK[\s\S]*?CMD (\[.*\])/.exec(DOCKERFILE)[1]);
      let code = 1;
      for (let i = 0; i < 120 && code !== 0; i++) {
        await new Promise((r) => setTimeout(r, 500));
        code = spawnSync(healthcheck[0] === 'node' ? process.execPath : healthcheck[0], healthcheck.slice(1), {
          env: { ...env, PORT: String(port) },
        }).status;
      }
      assert.equal(code, 0, 'the HEALTHCHECK command answers 0 once the server is ready');
      const page = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<div id="root"|<!doctype html>/i);
    } finally {
      server.kill('SIGKILL');
    }
  },
);
