import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from './tests/free-port.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkServerLog } from './global-teardown.ts';

const ROOT = resolve(import.meta.dirname, '..');

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
}

/**
 * Builds the product (turbo cache makes this quick when nothing changed), publishes the remotes and the shell
 * into a throw-away database and releases folder and starts the server on a free loopback port with a throw-away data
 * folder, so the suite never touches a developer's data. Always PGlite: DATABASE_URL is for the API suite.
 */
export default async function globalSetup() {
  if (process.env.E2E_SKIP_BUILD !== '1') run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);
  // Everything the run writes to the temp folder (the server's render and upload folders, the specs' copies and
  // clusters) goes into the run's own folder, removed at the end; what is left in the system's is an error.
  const systemTmp = tmpdir();
  const before = new Set(leftovers(systemTmp));
  const tmp = mkdtempSync(join(systemTmp, 'lendview-e2e-'));
  process.env.TMPDIR = join(tmp, 'tmp');
  mkdirSync(process.env.TMPDIR);
  const releases = join(tmp, 'releases');
  // Into the server's own database (DATA_DIR: the release tables) and releases folder (the files).
  const publishEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(tmp, 'data') };
  delete publishEnv.DATABASE_URL;
  delete publishEnv.STORAGE;
  run(process.execPath, [join(ROOT, 'scripts/publish-remotes.mjs'), '--releases', releases], publishEnv);

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(tmp, 'data'),
    RELEASES_DIR: releases,
    DEMO_MODE: '1',
    // The canary's judge every second, so canary.spec.ts sees an automatic rollback within seconds (default 30 s).
    CANARY_CHECK_SECONDS: '1',
  };
  delete env.DATABASE_URL;
  // E2E_SERVER: another server bundle (e.g. one built outside apps/api/dist while others build there).
  const entry = process.env.E2E_SERVER ? resolve(process.env.E2E_SERVER) : join(ROOT, 'apps/api/dist/server.mjs');
  // The server's whole log (JSON lines on stdout, start-up messages on stderr) goes to a file that the
  // teardown greps for every secret the run used (issue 12 item 8; global-teardown.ts).
  const logFile = join(tmp, 'server.log');
  const logFd = openSync(logFile, 'a');
  const server = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const exited = new Promise<void>((ok) => server.once('exit', () => ok()));

  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode} (log: ${logFile})`);
    try {
      // Ready, not just alive: migrated, seeded, the database takes writes.
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 60_000) throw new Error('server did not answer /readyz within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = base;
  process.env.E2E_RELEASES_DIR = releases;
  process.env.E2E_DATA_DIR = join(tmp, 'data');

  return async () => {
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    try {
      checkServerLog(logFile);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      process.env.TMPDIR = systemTmp;
    }
    const left = leftovers(systemTmp).filter((name) => !before.has(name));
    if (left.length > 0) throw new Error(`the e2e run left ${left.length} folder(s) in ${systemTmp}: ${left.slice(0, 10).join(', ')}`);
  };
}

/** lendview-* entries of the system temp folder, but another run's own folder (API or e2e, maybe running beside). */
function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('lendview-') && !/^lendview-(api-run|e2e)-/.test(name));
}
