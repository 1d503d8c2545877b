import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate, type Migration } from '../src/db/migrate.ts';
import { openPg, quoteIdent } from '../src/db/pg.ts';
import type { Db } from '../src/db/types.ts';
import { EnvError, loadDatabaseEnv, loadEnv } from '../src/env.ts';
import { Lifecycle } from '../src/plugins/app/lifecycle.ts';
import { BACKENDS, envelopeOf, form, useTestApp } from './helpers/setup.ts';

// Issue 15 item 3: configuration of shutdown, load shedding, start-up migrations and the PostgreSQL pool; load
// shedding answers; the probes never fall through to the shell page.

const PRODUCTION = {
  LENDVIEW_MODE: 'production',
  LENDVIEW_STAGING: '1',
  PAYMENT_WEBHOOK_SECRET: 'w'.repeat(40),
  CARD_FINGERPRINT_SECRET: 'c'.repeat(40),
  SMS_CODE_SECRET: 's'.repeat(40),
  OPS_TOTP_KEY: 't'.repeat(40),
} as const;

function envError(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (err) {
    if (err instanceof EnvError) return err.message;
    throw err;
  }
  return '';
}

describe('lifecycle and pool settings from the environment', () => {
  it('production defaults: drain 10 s, grace 20 s, no migration at start, event-loop shedding at 1 s; pool 10 / 5 s / 30 s / 10 s', () => {
    const env = loadEnv({ ...PRODUCTION });
    expect(env).toMatchObject({ mode: 'production', drainSeconds: 10, graceSeconds: 20, migrateOnStart: false, testRoutes: false });
    expect(env.pressure).toEqual({
      maxEventLoopDelayMs: 1000,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: 0,
      maxRssBytes: 0,
      retryAfterSeconds: 10,
      sampleIntervalMs: 1000,
    });
    expect(env.db).toEqual({ poolMax: 10, connectionTimeoutMs: 5000, statementTimeoutMs: 30_000, idleTimeoutMs: 10_000 });
  });

  it('demo and development defaults: no drain, migrate at start, no shedding', () => {
    for (const source of [
      { DEMO_MODE: '1' },
      { LENDVIEW_MODE: 'development', PAYMENT_WEBHOOK_SECRET: 'w'.repeat(20), CARD_FINGERPRINT_SECRET: 'c'.repeat(40) },
    ]) {
      const env = loadEnv(source);
      expect(env).toMatchObject({ drainSeconds: 0, graceSeconds: 20, migrateOnStart: true });
      expect(env.pressure.maxEventLoopDelayMs).toBe(0);
    }
  });

  it('every setting can be given; an empty value is the default', () => {
    const env = loadEnv({
      ...PRODUCTION,
      DRAIN_SECONDS: '5',
      SHUTDOWN_GRACE_SECONDS: '7',
      MIGRATE_ON_START: '1',
      DB_POOL_MAX: '25',
      DB_CONNECTION_TIMEOUT_MS: '2500',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_IDLE_TIMEOUT_MS: '60000',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.95',
      PRESSURE_MAX_HEAP_MB: '512',
      PRESSURE_MAX_RSS_MB: '900',
      PRESSURE_RETRY_AFTER_SECONDS: '3',
      PRESSURE_SAMPLE_INTERVAL_MS: '250',
    });
    expect(env).toMatchObject({ drainSeconds: 5, graceSeconds: 7, migrateOnStart: true });
    expect(env.db).toEqual({ poolMax: 25, connectionTimeoutMs: 2500, statementTimeoutMs: 0, idleTimeoutMs: 60_000 });
    expect(env.pressure).toEqual({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.95,
      maxHeapUsedBytes: 512 * 1024 * 1024,
      maxRssBytes: 900 * 1024 * 1024,
      retryAfterSeconds: 3,
      sampleIntervalMs: 250,
    });
    expect(loadEnv({ DEMO_MODE: '1', MIGRATE_ON_START: '0', DRAIN_SECONDS: '' })).toMatchObject({ migrateOnStart: false, drainSeconds: 0 });
    expect(loadEnv({ ...PRODUCTION, DRAIN_SECONDS: '', SHUTDOWN_GRACE_SECONDS: '0' })).toMatchObject({ drainSeconds: 10, graceSeconds: 0 });
  });

  it.each([
    ['DB_POOL_MAX', '0'],
    ['DB_POOL_MAX', 'ten'],
    ['DB_CONNECTION_TIMEOUT_MS', '-1'],
    ['DB_STATEMENT_TIMEOUT_MS', '1.5'],
    ['DRAIN_SECONDS', 'abc'],
    ['DRAIN_SECONDS', '601'],
    ['SHUTDOWN_GRACE_SECONDS', '-2'],
    ['MIGRATE_ON_START', 'yes'],
    ['PRESSURE_MAX_EVENT_LOOP_UTILIZATION', '1.5'],
    ['PRESSURE_RETRY_AFTER_SECONDS', '0'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(envError({ DEMO_MODE: '1', [name]: value })).toMatch(new RegExp(`^Invalid environment: .*${name}`));
  });

  it('the test-only routes are refused in production', () => {
    expect(envError({ ...PRODUCTION, LENDVIEW_TEST_ROUTES: '1' })).toContain('LENDVIEW_TEST_ROUTES=1 in production');
    expect(loadEnv({ DEMO_MODE: '1', LENDVIEW_TEST_ROUTES: '1' }).testRoutes).toBe(true);
  });

  it('pnpm migrate reads the database settings alone (no secret needed)', () => {
    const env = loadDatabaseEnv({ DATABASE_URL: 'postgres://u:p@db.example/lendview', DB_POOL_MAX: '2', NODE_ENV: 'production' });
    expect(env.databaseUrl).toBe('postgres://u:p@db.example/lendview');
    expect(env.db).toEqual({ poolMax: 2, connectionTimeoutMs: 5000, statementTimeoutMs: 30_000, idleTimeoutMs: 10_000 });
    expect(() => loadDatabaseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL pool settings are applied', () => {
  const url = process.env.DATABASE_URL!;
  const schema = `test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  let db: Db;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
    db = await openPg({
      connectionString: url,
      schema,
      pool: { poolMax: 2, connectionTimeoutMs: 300, statementTimeoutMs: 700, idleTimeoutMs: 1000 },
    });
  });
  afterAll(async () => {
    await db?.close();
    await admin.query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
    await admin.end();
  });

  it('statement timeout: the server cancels a longer statement; migrations are exempt', async () => {
    expect(await db.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '700ms' }]);
    await expect(db.query('SELECT pg_sleep(1.5)')).rejects.toMatchObject({ code: '57014' });
    const slow: Migration = { name: '001_slow.sql', sql: 'SELECT pg_sleep(1); CREATE TABLE slow_made (id int);', checksum: 'x' };
    expect(await migrate(db, [slow])).toEqual(['001_slow.sql']);
    expect(await db.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '700ms' }]);
  });

  it('pool size and connection timeout: a third checkout waits 300 ms, then fails', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holding = 0;
    const holders = [0, 1].map(() =>
      db.transaction(async () => {
        holding++;
        await held;
      }),
    );
    while (holding < 2) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await expect(db.query('SELECT 1')).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5000);
    release();
    await Promise.all(holders);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

describe.each(BACKENDS)('load shedding (%s)', (backend) => {
  const ctx = useTestApp(backend, {
    seed: false,
    // heapUsed > 1 byte: under pressure from the first sample (10 ms) on.
    app: { pressure: { maxHeapUsedBytes: 1, sampleIntervalMs: 10, retryAfterSeconds: 7 } },
  });
  beforeAll(() => new Promise((r) => setTimeout(r, 100)));

  it('sheds requests with 503, Retry-After and the envelope in the request language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v3/personal-center/contact-kf-info?isNeedPop=1',
      ...form({ overall: '30' }),
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(envelopeOf(res)).toEqual({
      code: 'SERVER_ERROR',
      data: null,
      message: 'The service is busy right now. Please try again in 7 seconds.',
    });
    const id = await ctx.app.inject({ method: 'GET', url: '/Loan', headers: { accept: 'text/html' } });
    expect(id.statusCode).toBe(503);
    expect(envelopeOf(id).message).toBe('Layanan sedang sibuk. Silakan coba lagi dalam 7 detik.');
  });

  it('never sheds the probes', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz/?x=1' })).statusCode).toBe(404);
  });

  it('thresholds not reached (or none set): nothing is shed', async () => {
    for (const pressure of [{ maxHeapUsedBytes: Number.MAX_SAFE_INTEGER, sampleIntervalMs: 10 }, {}]) {
      const app = buildApp({
        db: ctx.db,
        demo: false,
        paymentWebhookSecret: 'x'.repeat(32),
        shellDir: ctx.shellDir,
        releasesDir: ctx.releasesDir,
        pressure,
      });
      await app.ready();
      try {
        await new Promise((r) => setTimeout(r, 50));
        const res = await app.inject({ method: 'POST', url: '/v3/personal-center/contact-kf-info', ...form({ overall: '30' }) });
        expect(res.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }
  });
});

describe.each(BACKENDS)('probes never fall through to the shell page (%s)', (backend) => {
  const lifecycle = new Lifecycle();
  const ctx = useTestApp(backend, {
    seed: false,
    app: { lifecycle },
    setup: (_app, c) => writeFileSync(join(c.shellDir, 'index.html'), '<!doctype html><title>shell</title>'),
  });
  const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
  const PATHS = [
    '/healthz',
    '/healthz/',
    '/readyz',
    '/readyz/',
    '/metrics',
    '/metrics/',
    '/metrics/x',
    '/readyz//',
    '/healthz?isNeedPop=1',
  ];

  async function check(state: string) {
    for (const method of METHODS)
      for (const url of PATHS)
        for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
          const res = await ctx.app.inject({ method, url, headers: { accept } });
          const what = `${state} ${method} ${url} (${accept})`;
          expect(res.headers['content-type'] ?? '', what).not.toMatch(/html/);
          expect(res.body, what).not.toContain('<title>shell</title>');
          // /metrics may be served (the telemetry work: Prometheus text, GET and HEAD); anything else is an envelope.
          const metricsServed = url.replace(/\/$/, '') === '/metrics' && res.statusCode === 200 && state !== 'closing';
          if (metricsServed) expect(['GET', 'HEAD'], what).toContain(method);
          else {
            expect(res.headers['content-type'], what).toMatch(/^application\/json/);
            if (method !== 'HEAD') envelopeOf(res);
            if (url.startsWith('/metrics')) expect(res.statusCode, what).toBe(state === 'closing' ? 503 : 404);
          }
        }
  }

  it('any method, trailing slash or Accept: a JSON envelope, never index.html (serving and draining)', async () => {
    // The shell page is there: a page route gets it.
    const page = await ctx.app.inject({ method: 'GET', url: '/Loan', headers: { accept: 'text/html' } });
    expect(page.body).toContain('<title>shell</title>');
    await check('serving');
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    lifecycle.startDrain();
    await check('draining');
    const draining = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(envelopeOf(draining)).toEqual({
      code: 'SERVER_ERROR',
      data: { status: 'draining' },
      message: 'Belum siap: instans ini sedang dimatikan (draining).',
    });
    expect(draining.headers.connection).toBe('close');
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // After the drain period, a request still arriving on an open socket: the 503 envelope, closing the socket.
    lifecycle.startClosing();
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/v3/personal-center/contact-kf-info?isNeedPop=1',
      ...form({ overall: '30' }),
    });
    expect(late.statusCode).toBe(503);
    expect(late.headers.connection).toBe('close');
    expect(late.headers['retry-after']).toBe('1');
    expect(envelopeOf(late)).toEqual({
      code: 'SERVER_ERROR',
      data: null,
      message: 'Not ready: this instance is shutting down (draining).',
    });
    await check('closing');
  });
});
