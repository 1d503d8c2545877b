import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/types.ts';
import { READY_PROBE_KEY, type ReadinessOptions } from '../src/routes/health/index.ts';
import { BACKENDS, envelopeOf, useTestApp } from './helpers/setup.ts';

// Issue 12 item 11: /healthz is liveness, /readyz is readiness (database write, disk space, migrations).

const NOT_READY_DB_EN = 'Not ready: the database does not accept writes.';

describe.each(BACKENDS)('health and readiness (%s)', (backend) => {
  const ctx = useTestApp(backend, { seed: false });
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lendview-readyz-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Another app on the same database with its own readiness settings (or its own Db). */
  async function withApp<T>(
    readiness: ReadinessOptions,
    fn: (inject: (url: string) => Promise<LightMyRequestResponse>) => Promise<T>,
    db: Db = ctx.db,
  ) {
    const app = buildApp({
      db,
      demo: false,
      paymentWebhookSecret: 'x'.repeat(32),
      shellDir: ctx.shellDir,
      releasesDir: ctx.releasesDir,
      logger: false,
      clock: ctx.clock,
      readiness,
    });
    await app.ready();
    try {
      return await fn((url) => app.inject({ method: 'GET', url }));
    } finally {
      await app.close();
    }
  }

  it('/healthz: the process is up (nothing else checked), never cached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz?isNeedPop=1' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({ code: '00', data: { status: 'ok' }, message: 'Success' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz: 200 with each check when the database takes a committed write, the disk has room and migrations are done', async () => {
    ctx.clock.set(new Date('2026-03-02T04:00:00.000Z'));
    await withApp({ dataDir, minFreeBytes: 1 }, async (get) => {
      const res = await get('/readyz?isNeedPop=1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(envelopeOf(res)).toEqual({
        code: '00',
        data: { status: 'ready', checks: { db: 'ok', disk: 'ok', migrations: 'ok' } },
        message: 'Success',
      });
    });
    const [row] = await ctx.db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [READY_PROBE_KEY]);
    expect(row?.value).toBe('2026-03-02T04:00:00.000Z');
    // Without a data folder (PostgreSQL deployments) the disk check is skipped, not faked.
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(envelopeOf(res).data).toEqual({ status: 'ready', checks: { db: 'ok', disk: 'skipped', migrations: 'ok' } });
  });

  it("/readyz: 503 when the data folder's disk is below the floor (real statfs, and a measured 10 MB)", async () => {
    await withApp({ dataDir, minFreeBytes: Number.MAX_SAFE_INTEGER }, async (get) => {
      const res = await get('/readyz?isNeedPop=1');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(envelopeOf(res)).toEqual({ code: 'SERVER_ERROR', data: null, message: "Not ready: the data folder's disk is almost full." });
      expect(envelopeOf(await get('/readyz')).message).toBe('Belum siap: disk folder data hampir penuh.');
    });
    await withApp({ dataDir, minFreeBytes: 256 * 1024 * 1024, freeBytes: async () => 10 * 1024 * 1024 }, async (get) => {
      expect((await get('/readyz')).statusCode).toBe(503);
    });
    // An unreadable data folder is not ready either.
    await withApp({ dataDir: join(dataDir, 'missing'), minFreeBytes: 1 }, async (get) => {
      expect((await get('/readyz')).statusCode).toBe(503);
    });
  });

  it('/readyz: 503 when a migration of this build is not applied', async () => {
    await withApp({ expectedMigrations: ['001_init.sql', '999_not_yet.sql'] }, async (get) => {
      const res = await get('/readyz?isNeedPop=1');
      expect(res.statusCode).toBe(503);
      expect(envelopeOf(res).message).toBe('Not ready: database migrations are not all applied.');
    });
  });

  it('/readyz: 503 when writes fail (the database refuses them as on a full disk), while /healthz stays 200', async () => {
    // A real refusal inside the database on both backends: a trigger raising disk_full (SQLSTATE 53100).
    await ctx.db.exec(`
      CREATE FUNCTION readyz_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$;
      CREATE TRIGGER readyz_refuse BEFORE INSERT OR UPDATE ON app_settings FOR EACH ROW EXECUTE FUNCTION readyz_refuse();`);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz?isNeedPop=1' });
      expect(res.statusCode).toBe(503);
      expect(envelopeOf(res)).toEqual({ code: 'SERVER_ERROR', data: null, message: NOT_READY_DB_EN });
      expect(envelopeOf(await ctx.app.inject({ method: 'GET', url: '/readyz' })).message).toBe(
        'Belum siap: database tidak menerima penulisan.',
      );
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await ctx.db.exec('DROP TRIGGER readyz_refuse ON app_settings; DROP FUNCTION readyz_refuse();');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz: 503 naming every failed check when the database is gone', async () => {
    const gone: Db = {
      kind: ctx.db.kind,
      query: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
      exec: async () => {
        throw new Error('gone');
      },
      transaction: async () => {
        throw new Error('gone');
      },
      close: async () => {},
    };
    await withApp(
      { dataDir, minFreeBytes: Number.MAX_SAFE_INTEGER },
      async (get) => {
        const res = await get('/readyz?isNeedPop=1');
        expect(res.statusCode).toBe(503);
        expect(envelopeOf(res).message).toBe("Not ready: the database does not accept writes. the data folder's disk is almost full.");
        expect((await get('/healthz')).statusCode).toBe(200);
      },
      gone,
    );
  });

  it('/metrics: Prometheus text to this machine, a 403 envelope to another address, never the shell (telemetry.test.ts has the rest)', async () => {
    for (const accept of ['text/html', '*/*']) {
      const local = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { accept } });
      expect(local.statusCode).toBe(200);
      expect(local.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(local.body).toContain('# TYPE http_server_request_duration_seconds histogram');
      const remote = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { accept } });
      expect(remote.statusCode).toBe(403);
      expect(envelopeOf(remote).code).toBe('FORBIDDEN');
    }
  });
});
