#!/usr/bin/env node
// `npm start` and `npm test` (README): the two commands a newcomer needs on a machine with only Node and npm.
//
//   node scripts/bootstrap.mjs start   checks Node and the port, gets pnpm, installs, builds, serves :8080
//   node scripts/bootstrap.mjs test    checks Node, gets pnpm, installs, runs the whole suite
//
// pnpm is the version pinned in package.json's `packageManager`. If that exact version is on PATH it is used;
// otherwise it is installed with npm into `.tools/pnpm/` inside the checkout (never globally: corepack cannot
// fetch it from this registry, and a global install needs rights a newcomer may not have). Every later step
// runs with that pnpm first on PATH, so turbo and the scripts it starts find the same one.
//
// Idempotent: a second run finds pnpm in place and `pnpm install --frozen-lockfile` answers "up to date" in a
// second or two; builds and tests come from turbo's cache when nothing changed.
//
// This file must parse on old Node versions too, so that they get the clear message instead of a syntax error.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MIN_NODE = [20, 19, 0];

/** Returns an error message when `version` (e.g. '20.18.1') is older than MIN_NODE, else undefined. */
export function nodeTooOld(version) {
  const parts = String(version).replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const have = parts[i] || 0;
    if (have > MIN_NODE[i]) return undefined;
    if (have < MIN_NODE[i]) {
      return (
        `lendview needs Node ${MIN_NODE.join('.')} or newer; this is Node ${String(version).replace(/^v/, '')}. ` +
        'Install a current Node 20 (or 22) LTS and run the command again.'
      );
    }
  }
  return undefined;
}

/** Resolves to an error message when HOST:PORT cannot be listened on, else undefined. */
export function portBusy(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err) => {
      if (err.code === 'EADDRINUSE') {
        resolve(
          `Port ${port} on ${host} is already in use (another lendview, or another program). ` +
            `Stop it, or start on another port: PORT=${Number(port) + 1} npm start`,
        );
      } else {
        resolve(`Cannot listen on ${host}:${port}: ${err.message}`);
      }
    });
    probe.listen({ port: Number(port), host, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

export function pinnedPnpm(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const m = /^pnpm@(\d+\.\d+\.\d+)/.exec(pkg.packageManager || '');
  if (!m) throw new Error('package.json has no packageManager "pnpm@x.y.z"');
  return m[1];
}

function fail(message) {
  console.error(`\nlendview: ${message}`);
  process.exit(1);
}

const timings = [];
function step(name, fn) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = fn();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push([name, seconds]);
  console.log(`✔ ${name} (${seconds} s)`);
  return result;
}

// npm passes its own settings to scripts as npm_config_* variables; pnpm would read them as its own
// configuration (cache folder, prefix, user agent), so they stop here.
function cleanEnv(extraPath) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_(config|package|lifecycle)_/i.test(k) || k === 'npm_execpath' || k === 'npm_node_execpath') continue;
    env[k] = v;
  }
  env.PATH = extraPath ? `${extraPath}${delimiter}${process.env.PATH || ''}` : process.env.PATH;
  env.TURBO_TELEMETRY_DISABLED = env.TURBO_TELEMETRY_DISABLED || '1';
  return env;
}

function run(cmd, args, env, options = {}) {
  console.log(`  $ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: options.quiet ? 'pipe' : 'inherit', env, encoding: 'utf8' });
  if (r.error) fail(`${cmd} could not run: ${r.error.message}`);
  return r;
}

function pnpmVersionOnPath(env) {
  const r = spawnSync('pnpm', ['--version'], { cwd: ROOT, env, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Returns the folder to put first on PATH (empty when the pnpm already on PATH is the pinned one). */
function ensurePnpm(version) {
  const localBin = join(ROOT, '.tools', 'pnpm', 'node_modules', '.bin');
  const onPath = pnpmVersionOnPath(cleanEnv());
  if (onPath === version) {
    console.log(`  pnpm ${version} is on PATH`);
    return '';
  }
  const local = existsSync(join(localBin, 'pnpm')) ? pnpmVersionOnPath(cleanEnv(localBin)) : undefined;
  if (local === version) {
    console.log(`  pnpm ${version} is in .tools/pnpm${onPath ? ` (PATH has ${onPath}, not the pinned version)` : ''}`);
    return localBin;
  }
  console.log(
    `  pnpm ${version} ${onPath ? `is not on PATH (it has ${onPath})` : 'is not installed'}: installing it into .tools/pnpm with npm`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = run(
    npm,
    [
      'install',
      '--prefix',
      join(ROOT, '.tools', 'pnpm'),
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `pnpm@${version}`,
    ],
    cleanEnv(),
  );
  if (r.status !== 0 || pnpmVersionOnPath(cleanEnv(localBin)) !== version) fail(`installing pnpm ${version} with npm failed (see above)`);
  return localBin;
}

async function main() {
  const command = process.argv[2];
  if (command !== 'start' && command !== 'test') fail('usage: node scripts/bootstrap.mjs start|test');

  const tooOld = nodeTooOld(process.versions.node);
  if (tooOld) fail(tooOld);

  if (command === 'start') {
    const port = process.env.PORT || '8080';
    const host = process.env.HOST || '127.0.0.1';
    const busy = await portBusy(port, host);
    if (busy) fail(busy);
  }

  const version = pinnedPnpm();
  const extraPath = step(`pnpm ${version}`, () => ensurePnpm(version));
  const env = cleanEnv(extraPath);

  step('install the workspace from the lockfile (pnpm install --frozen-lockfile)', () => {
    const r = run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], env);
    if (r.status !== 0) fail('pnpm install failed (see above)');
  });

  if (command === 'start') {
    // scripts/serve.mjs prints its own steps (build, publish, serve) and keeps running until stopped.
    console.log('\nSteps so far: ' + timings.map(([n, s]) => `${n.split(' (')[0]} ${s} s`).join(', '));
    console.log('\n▶ build (turbo, cached), publish the remotes, serve the embedded demo');
    const server = spawn(process.execPath, [join(ROOT, 'scripts', 'serve.mjs')], { cwd: ROOT, stdio: 'inherit', env });
    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
    server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
    return;
  }

  // The whole suite (scripts/test-affected.mjs runs everything unless CI names a base to compare with).
  const started = Date.now();
  console.log('\n▶ test: lint, typecheck, unit, component, API, script and e2e tests');
  const r = run(process.execPath, [join(ROOT, 'scripts', 'test-affected.mjs')], env);
  timings.push(['test', ((Date.now() - started) / 1000).toFixed(1)]);
  console.log(`${r.status === 0 ? '✔ the suite passed' : '✘ the suite failed'} (${timings[timings.length - 1][1]} s)`);
  console.log('\nTimings: ' + timings.map(([n, s]) => `${n.split(' (')[0]}: ${s} s`).join(' · '));
  process.exit(r.status ?? 1);
}

// Run only as a command; the script tests import the helpers above.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => fail(err && err.stack ? err.stack : String(err)));
}
