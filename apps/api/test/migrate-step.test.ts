import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { openDb } from '../src/db/open.ts';
import { BACKENDS } from './helpers/setup.ts';
import { API_DIR, PRODUCTION, buildServer, pgSchemaUrl, spawnServer } from './helpers/spawn-server.ts';

// Issue 15 item 5: migrations are their own deploy step. `pnpm migrate` migrates and exits; a production instance
// does not migrate at start (MIGRATE_ON_START defaults to 0 there) and refuses to start while the schema is
// behind, naming the missing migrations. Spawned: the built server and the migrate command.

const REPO_ROOT = resolve(API_DIR, '../..');

const ALL = readMigrations().map((m) => m.name);

function run(cmd: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(cmd, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), TMPDIR: tmpdir(), ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => buildServer());

describe.each(BACKENDS)('migrations as their own step (%s)', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'lendview-migrate-'));
  let drop: (() => Promise<void>) | undefined;
  let dbEnv: Record<string, string>;
  beforeAll(async () => {
    if (backend === 'pglite') dbEnv = { DATA_DIR: join(dir, 'data') };
    else {
      const s = await pgSchemaUrl();
      drop = () => s.drop();
      dbEnv = { DATABASE_URL: s.url, DATA_DIR: join(dir, 'data') };
    }
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('production refuses an empty database, then a schema one migration behind, naming what is missing; pnpm migrate fixes it', async () => {
    const empty = await spawnServer({ ...PRODUCTION, ...dbEnv }, { dir });
    const first = await empty.exited;
    expect(first.code).toBe(1);
    expect(empty.stderr()).toContain('lendview refused to start:');
    expect(empty.stderr()).toContain(
      `  - The database schema is behind this build: migrations not applied: ${ALL.join(', ')}. Run \`pnpm migrate\``,
    );

    // The previous release's schema: every migration but the last.
    const db = await openDb({ dataDir: dbEnv.DATA_DIR!, databaseUrl: dbEnv.DATABASE_URL });
    try {
      await migrate(db, readMigrations().slice(0, -1));
    } finally {
      await db.close();
    }
    const behind = await spawnServer({ ...PRODUCTION, ...dbEnv }, { dir });
    expect((await behind.exited).code).toBe(1);
    expect(behind.stderr()).toContain(`migrations not applied: ${ALL.at(-1)}. Run \`pnpm migrate\``);

    // The deploy step, as the root script runs it (no secret in its environment).
    const status = run('pnpm', ['--silent', 'migrate', '--status'], dbEnv);
    expect(status.code, status.err).toBe(0);
    expect(status.out).toContain(`Not applied yet: ${ALL.at(-1)}.`);
    const step = run('pnpm', ['--silent', 'migrate'], dbEnv);
    expect(step.code, step.err).toBe(0);
    expect(step.out).toContain(`Applied 1: ${ALL.at(-1)}.`);
    // Where only the build is deployed: dist/migrate.mjs; nothing left to do.
    const again = run(process.execPath, [join(API_DIR, 'dist/migrate.mjs')], dbEnv);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('The schema is up to date: nothing to apply.');
    expect(run(process.execPath, [join(API_DIR, 'dist/migrate.mjs'), '--bogus'], dbEnv).code).toBe(2);

    // Now the instance starts without migrating (and its load shedding comes from the environment).
    const server = await spawnServer(
      {
        ...PRODUCTION,
        ...dbEnv,
        DRAIN_SECONDS: '0',
        PRESSURE_MAX_RSS_MB: '1',
        PRESSURE_SAMPLE_INTERVAL_MS: '20',
        PRESSURE_RETRY_AFTER_SECONDS: '4',
      },
      { dir, untilReady: true },
    );
    try {
      expect(server.stdout()).toContain('"migrateOnStart":false');
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(200);
      const shed = await fetch(`${server.base}/v3/personal-center/contact-kf-info?isNeedPop=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'overall=30',
      });
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe('4');
      expect(await shed.json()).toEqual({
        code: 'SERVER_ERROR',
        data: null,
        message: 'The service is busy right now. Please try again in 4 seconds.',
      });
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
  }, 240_000);
});
