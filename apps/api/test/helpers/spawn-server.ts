import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { quoteIdent } from '../../src/db/pg.ts';

/** The built server (apps/api/dist/server.mjs), spawned as production runs it (docs/deploy.md). */
export const API_DIR = resolve(import.meta.dirname, '../..');
export const SERVER_BUNDLE = join(API_DIR, 'dist/server.mjs');

/** Builds dist/ (esbuild, under a second) so the spawned bundle is this tree's code. */
export function buildServer() {
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: API_DIR, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

/** Secrets of a development-mode server (no demo seed: starts in seconds). */
export const DEVELOPMENT_ENV = {
  LENDVIEW_MODE: 'development',
  PAYMENT_WEBHOOK_SECRET: 'w'.repeat(20) + 'test-webhook-key-123',
  CARD_FINGERPRINT_SECRET: 'c'.repeat(20) + 'test-fingerprint-key-123',
} as const;

export interface Spawned {
  child: ChildProcess;
  port: number;
  base: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code and the time (Date.now()) of the exit. */
  exited: Promise<{ code: number | null; at: number }>;
}

/**
 * Spawns a server with a clean environment. `untilReady`: resolves once /readyz answers 200 (rejects if the
 * process exits first); otherwise resolves at once.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { dir: string; entry?: string[]; untilReady?: boolean } = { dir: '' },
): Promise<Spawned> {
  const port = await freePort();
  const shellDir = join(options.dir, 'shell');
  mkdirSync(shellDir, { recursive: true });
  // A shell page, so an answer that falls through to it is recognisable.
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>shell</title>');
  const child = spawn(process.execPath, options.entry ?? [SERVER_BUNDLE], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? options.dir,
      // The run's own temp folder (template-db.ts), removed at its end.
      TMPDIR: tmpdir(),
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(options.dir, 'data'),
      SHELL_DIR: shellDir,
      RELEASES_DIR: join(options.dir, 'releases'),
      READY_MIN_FREE_MB: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((done) => child.once('exit', (code) => done({ code, at: Date.now() })));
  const base = `http://127.0.0.1:${port}`;
  const spawned: Spawned = { child, port, base, stdout: () => out, stderr: () => err, exited };
  if (!options.untilReady) return spawned;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${err}\n${out.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return spawned;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within 90 s: ${err}\n${out.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A fresh schema on the DATABASE_URL server, and the URL that puts a server's every connection in it (pg's
 * `options` parameter), so a spawned server never touches the public schema. Drop it with the returned function.
 */
export async function pgSchemaUrl(): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const schema = `test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
      await c.end();
    },
  };
}

/** The settings a production instance needs besides its database (secrets of test length, a grievance officer). */
export const PRODUCTION = {
  LENDVIEW_MODE: 'production',
  LENDVIEW_STAGING: '1',
  PAYMENT_WEBHOOK_SECRET: 'w'.repeat(40),
  CARD_FINGERPRINT_SECRET: 'c'.repeat(40),
  SMS_CODE_SECRET: 's'.repeat(40),
  OPS_TOTP_KEY: 't'.repeat(40),
  GRIEVANCE_OFFICER_NAME: 'Meera Iyer',
  GRIEVANCE_OFFICER_PHONE: '+91 22 6000 7000',
  GRIEVANCE_OFFICER_EMAIL: 'gro@lender.example',
  GRIEVANCE_OFFICER_ADDRESS: '2 Bank Street, Mumbai 400001, India',
} as const;
