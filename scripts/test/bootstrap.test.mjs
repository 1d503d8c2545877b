// The README's two commands (`npm start`, `npm test`, scripts/bootstrap.mjs) from a clean clone on a machine
// whose PATH has Node and npm but no pnpm, and their clear refusals (old Node, port in use).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { test } from 'node:test';
import { nodeTooOld, pinnedPnpm, ROOT } from '../bootstrap.mjs';

test('Node older than 20.19 is refused with a message that names both versions', () => {
  assert.equal(
    nodeTooOld('20.18.1'),
    'lendview needs Node 20.19.0 or newer; this is Node 20.18.1. Install a current Node 20 (or 22) LTS and run the command again.',
  );
  assert.match(nodeTooOld('v18.20.4'), /this is Node 18\.20\.4/);
  assert.match(nodeTooOld('19.9.0'), /needs Node 20\.19\.0/);
  for (const ok of ['20.19.0', '20.20.2', '22.0.0', 'v24.1.0']) assert.equal(nodeTooOld(ok), undefined, ok);
});

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

test('npm start on a port already in use stops at once with a clear message', async () => {
  const blocker = createServer();
  await new Promise((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address();
  try {
    const r = spawnSync('npm', ['start', '--silent'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PORT: String(port) },
      timeout: 60_000,
    });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use .*PORT=${port + 1} npm start`));
    // It stopped before doing anything: no install, no build.
    assert.doesNotMatch(r.stdout, /pnpm install|turbo/);
  } finally {
    blocker.close();
  }
});

/** A PATH with every program of this one except pnpm (which often sits beside node in /usr/bin). */
function pathWithoutPnpm(dir) {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const seen = new Set(['pnpm', 'pnpx', 'pnpm.cjs', 'pnpx.cjs']);
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    let names = [];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      symlinkSync(join(folder, name), join(bin, name));
    }
  }
  return bin;
}

function startInBackground(cwd, env, log) {
  const child = spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => log.push(String(d)));
  child.stderr.on('data', (d) => log.push(String(d)));
  return child;
}

async function waitFor(url, child, log, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) assert.fail(`npm start exited (${child.exitCode}):\n${log.join('').slice(-4000)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  assert.fail(`${url} did not answer within ${ms / 1000} s:\n${log.join('').slice(-4000)}`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
}

test(
  'a clean clone without pnpm: npm start serves the product, a second start is cached, npm test passes',
  {
    timeout: 30 * 60_000,
  },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lendview-bootstrap-'));
    try {
      const clone = join(dir, 'src');
      const cloned = spawnSync('git', ['clone', '-q', ROOT, clone], { encoding: 'utf8' });
      assert.equal(cloned.status, 0, cloned.stderr);
      const bin = pathWithoutPnpm(dir);
      const env = {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|PNPM_|TURBO_)/i.test(k))),
        PATH: bin,
        DATA_DIR: join(dir, 'data'),
        // Builds and tests the checkout already ran come from its cache, so this costs minutes, not the suite twice.
        TURBO_CACHE_DIR: join(ROOT, '.turbo', 'cache'),
        TURBO_TELEMETRY_DISABLED: '1',
      };
      assert.notEqual(spawnSync('sh', ['-c', 'command -v pnpm'], { env }).status, 0, 'pnpm is not on the PATH of the test');

      const version = pinnedPnpm(clone);
      const port = await freePort();
      const first = [];
      let child = startInBackground(clone, { ...env, PORT: String(port) }, first);
      try {
        await waitFor(`http://127.0.0.1:${port}/healthz`, child, first, 20 * 60_000);
        const page = await fetch(`http://127.0.0.1:${port}/`);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /<div id="root"[ >]/); // server-rendered (inert) or not
        const remotes = await (await fetch(`http://127.0.0.1:${port}/remotes.json`)).json();
        assert.ok(remotes.remotes.length >= 5, 'every remote is published');
      } finally {
        await stop(child);
      }
      const firstLog = first.join('');
      assert.match(firstLog, new RegExp(`pnpm ${version.replace(/\./g, '\\.')} is not installed: installing it into \\.tools/pnpm`));
      assert.match(firstLog, /✔ install the workspace from the lockfile \(pnpm install --frozen-lockfile\) \(\d+\.\d s\)/);

      // Nothing changed: pnpm is found where the first start put it, nothing is reinstalled, every build is a cache hit.
      const second = [];
      child = startInBackground(clone, { ...env, PORT: String(port) }, second);
      try {
        await waitFor(`http://127.0.0.1:${port}/healthz`, child, second, 5 * 60_000);
      } finally {
        await stop(child);
      }
      const secondLog = second.join('');
      assert.match(secondLog, new RegExp(`pnpm ${version.replace(/\./g, '\\.')} is in \\.tools/pnpm`));
      assert.doesNotMatch(secondLog, /installing it into/);
      assert.match(secondLog, /Already up to date|Lockfile is up to date/);
      assert.match(secondLog, /FULL TURBO/);

      // npm test's plumbing (bootstrap → pnpm from .tools → install → test-affected → its verdict and timings), not
      // the suite again: CI itself is this suite on a clean clone. With HEAD as the base nothing is affected, so only
      // the formatting check runs (scripts/test-affected.mjs).
      const suite = spawnSync('npm', ['test'], {
        cwd: clone,
        env: { ...env, CI_BASE_REF: 'HEAD' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      assert.equal(suite.status, 0, `npm test in the clean clone failed:\n${(suite.stdout + suite.stderr).slice(-6000)}`);
      assert.match(suite.stdout, /pnpm [\d.]+ is in \.tools\/pnpm/);
      assert.match(suite.stdout, /test:affected: since HEAD \([0-9a-f]{10}\): no package/);
      assert.match(suite.stdout, /test:affected: pnpm format:check/);
      assert.doesNotMatch(suite.stdout, /test:affected: pnpm (exec turbo|test:scripts|test:e2e)/);
      assert.match(suite.stdout, /✔ the suite passed \(\d+\.\d s\)/);
      assert.match(suite.stdout, /Timings: pnpm [\d.]+: [\d.]+ s · install the workspace from the lockfile: [\d.]+ s · test: [\d.]+ s/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
