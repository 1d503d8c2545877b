import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { openPg, quoteIdent } from '../../src/db/pg.ts';
import { openPglite } from '../../src/db/pglite.ts';
import type { Db } from '../../src/db/types.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { GRIEVANCE_OFFICER, SEED_NOW, SUPPORT, type TemplateKind } from './template-kinds.ts';

/**
 * Backends the suites run against: always a fresh in-memory PGlite; when DATABASE_URL is set, also
 * PostgreSQL, each suite in its own database (a copy of a template) or schema that it drops afterwards.
 */
export type Backend = 'pglite' | 'pg';
export const BACKENDS: Backend[] = process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

export interface TestDb {
  db: Db;
  /** PostgreSQL: the connection string and schema of this database, for a pool or a server of the test's own. */
  pg?: { url: string; schema: string };
  /** Another connection to the same database (pg: a second pool on the schema; PGlite: the same instance). */
  openAnother(): Promise<Db>;
  cleanup(): Promise<void>;
}

const pgliteDumps = new Map<TemplateKind, Blob>();
function pgliteDump(kind: TemplateKind): Blob {
  let dump = pgliteDumps.get(kind);
  if (!dump) {
    dump = new Blob([readFileSync(inject('pgliteTemplates')[kind])]);
    pgliteDumps.set(kind, dump);
  }
  return dump;
}

/**
 * A database of the test's own, copied from one of the run's templates (template-db.ts): `empty` (the default: no
 * table), `migrated` (every migration, the support and grievance rows) or `seeded` (migrated plus the demo data).
 */
export async function openTestDb(backend: Backend, from: TemplateKind = 'empty'): Promise<TestDb> {
  if (backend === 'pglite') {
    const db = await openPglite({ loadDataDir: pgliteDump(from) });
    return { db, openAnother: async () => db, cleanup: () => db.close() };
  }
  const url = process.env.DATABASE_URL!;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = from === 'empty' ? undefined : inject('pgTemplates')[from];
  const name = `test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  let target: { url: string; schema: string };
  if (template) {
    // A database of its own: PostgreSQL copies the template's files, no migration runs.
    await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    target = { url: u.toString(), schema: 'public' };
  } else {
    await admin.query(`CREATE SCHEMA ${quoteIdent(name)}`);
    target = { url, schema: name };
  }
  const extra: Db[] = [];
  const db = await openPg({ connectionString: target.url, schema: target.schema, max: 4 });
  return {
    db,
    pg: target,
    async openAnother() {
      const other = await openPg({ connectionString: target.url, schema: target.schema, max: 2 });
      extra.push(other);
      return other;
    },
    async cleanup() {
      await Promise.all([db, ...extra].map((d) => d.close()));
      if (template) await admin.query(`DROP DATABASE ${quoteIdent(name)} WITH (FORCE)`);
      else await admin.query(`DROP SCHEMA ${quoteIdent(name)} CASCADE`);
      await admin.end();
    },
  };
}

export { GRIEVANCE_OFFICER, SUPPORT };

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  clock: ReturnType<typeof manualClock>;
  shellDir: string;
  releasesDir: string;
  testDb: TestDb;
}

/**
 * One app per suite: fresh database, migrated, support contact and grievance officer rows, demo seed (unless seed: false), a
 * manual clock, temp shell/releases folders. `setup` may register extra routes before ready().
 */
export function useTestApp(
  backend: Backend,
  options: {
    seed?: boolean;
    demo?: boolean;
    setup?: (app: FastifyInstance, ctx: TestContext) => void | Promise<void>;
    app?: Partial<BuildAppOptions>;
  } = {},
): TestContext {
  const ctx = {} as TestContext;
  let tmp: string;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'lendview-api-test-'));
    ctx.shellDir = join(tmp, 'shell');
    ctx.releasesDir = join(tmp, 'releases');
    mkdirSync(ctx.shellDir, { recursive: true });
    mkdirSync(ctx.releasesDir, { recursive: true });
    ctx.testDb = await openTestDb(backend, options.seed === false ? 'migrated' : 'seeded');
    ctx.db = ctx.testDb.db;
    ctx.clock = manualClock(SEED_NOW);
    ctx.app = buildApp({
      db: ctx.db,
      demo: options.demo ?? true,
      shellDir: ctx.shellDir,
      releasesDir: ctx.releasesDir,
      logger: false,
      clock: ctx.clock,
      ...options.app,
    });
    await options.setup?.(ctx.app, ctx);
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.testDb?.cleanup();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });
  return ctx;
}

/** A form-encoded POST with the shared params in the query, as the pages send it (spec 7.1). */
export function form(fields: Record<string, string>): Pick<InjectOptions, 'payload' | 'headers'> {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** Asserts the body is exactly an envelope (no stack, no extra keys) and returns it. */
export function envelopeOf(res: LightMyRequestResponse) {
  const body = res.json<Record<string, unknown>>();
  if (Object.keys(body).sort().join(',') !== 'code,data,message') {
    throw new Error(`not an envelope: ${res.body}`);
  }
  // A stack frame ("at fn (/x/file.ts:10:5)") sits inside one JSON string: the match may not cross a quote, so a
  // message with "at least" followed later by an ISO time ("03:00:00") is not taken for one.
  if (/\bat [^"]+:\d+:\d+|node_modules|\.ts:\d+|Error:/.test(res.body)) throw new Error(`stack or error leaked: ${res.body}`);
  return body as { code: string | number; data: unknown; message: string };
}

export async function addBorrower(db: Db, phone: string, isRepeatClient = false): Promise<number> {
  const [row] = await db.query<{ id: number }>('INSERT INTO borrowers (phone, is_repeat_client) VALUES ($1, $2) RETURNING id', [
    phone,
    isRepeatClient,
  ]);
  return row!.id;
}
