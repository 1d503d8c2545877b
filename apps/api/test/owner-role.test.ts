import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../src/cli/migrate.ts';
import { quoteIdent } from '../src/db/pg.ts';
import { openDb } from '../src/db/open.ts';
import { EnvError, loadDatabaseEnv } from '../src/env.ts';
import { PRODUCTION, buildServer, spawnServer } from './helpers/spawn-server.ts';

// Issue 34 item 2: migrations run as the schema's owner, the instances as a role with rows to read and write and
// nothing more (DATABASE_APP_ROLE, docs/deploy.md "Migrations"). That role cannot empty a trail, disable or drop
// the triggers that keep it, or change the schema; the production server runs on it. PostgreSQL only.

describe('the environment of pnpm migrate', () => {
  it('takes DATABASE_APP_ROLE for PostgreSQL only, and only a plain role name', () => {
    const url = 'postgres://owner:pw@db.internal:5432/lendview';
    expect(loadDatabaseEnv({ DATABASE_URL: url, DATABASE_APP_ROLE: 'lendview_app' }).appRole).toBe('lendview_app');
    expect(() => loadDatabaseEnv({ DATABASE_APP_ROLE: 'lendview_app' })).toThrow(/PostgreSQL \(DATABASE_URL\) only/);
    expect(() => loadDatabaseEnv({ DATABASE_URL: url, DATABASE_APP_ROLE: 'app"; DROP TABLE orders; --' })).toThrow(EnvError);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('an owner migrates, the instances run as the app role (PostgreSQL)', () => {
  const id = randomUUID().replace(/-/g, '').slice(0, 12);
  const owner = `lv_owner_${id}`;
  const app = `lv_app_${id}`;
  const schema = `owner_${id}`;
  const dir = mkdtempSync(join(tmpdir(), 'lendview-owner-role-'));
  const urlAs = (user: string) => {
    const u = new URL(process.env.DATABASE_URL!);
    u.username = user;
    u.password = `pw_${id}`;
    u.searchParams.set('options', `-c search_path=${schema}`);
    return u.toString();
  };
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    buildServer();
    for (const role of [owner, app]) await admin(`CREATE ROLE ${quoteIdent(role)} LOGIN PASSWORD 'pw_${id}'`);
    await admin(`CREATE SCHEMA ${quoteIdent(schema)} AUTHORIZATION ${quoteIdent(owner)}`);
    const db = await openDb({ dataDir: dir, databaseUrl: urlAs(owner) });
    try {
      const result = await runMigrate(db, [], { appRole: app });
      expect(result.code, result.out).toBe(0);
      expect(result.out).toMatch(new RegExp(`^Applied \\d+: 001_.*\\. Rows granted to ${app}\\.$`));
    } finally {
      await db.close();
    }
  }, 120_000);

  afterAll(async () => {
    await admin(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    for (const role of [app, owner]) {
      await admin(`DROP OWNED BY ${quoteIdent(role)}`).catch(() => undefined);
      await admin(`DROP ROLE IF EXISTS ${quoteIdent(role)}`);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('the app role reads and writes rows, and cannot truncate, disable or drop a trigger, or change the schema', async () => {
    const c = new pg.Client({ connectionString: urlAs(app) });
    await c.connect();
    try {
      await c.query(`INSERT INTO public_holidays (holiday_date, name, created_at) VALUES ('2031-01-01', 'Owner-role test', now())`);
      expect((await c.query(`SELECT name FROM public_holidays WHERE holiday_date = '2031-01-01'`)).rows).toEqual([
        { name: 'Owner-role test' },
      ]);
      const refused = [
        'TRUNCATE ledger_entries',
        'TRUNCATE ops_audit',
        'ALTER TABLE ledger_entries DISABLE TRIGGER ALL',
        'ALTER TABLE loan_consents DISABLE TRIGGER loan_consents_no_update',
        'DROP TRIGGER ops_audit_no_change ON ops_audit',
        'DROP TABLE kfs_statements',
        'CREATE TABLE shadow_ledger (id int)',
        "UPDATE schema_migrations SET checksum = 'x'",
      ];
      for (const sql of refused) await expect(c.query(sql), sql).rejects.toThrow(/permission denied|must be owner/);
    } finally {
      await c.end();
    }
  });

  it('a production instance runs on the app role: ready, and a borrower read answers', async () => {
    const server = await spawnServer(
      { ...PRODUCTION, MIGRATE_ON_START: '0', DATABASE_URL: urlAs(app), DATA_DIR: join(dir, 'data') },
      { dir, untilReady: true },
    );
    try {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      const res = await fetch(`${server.base}/v3/personal-center/contact-kf-info?isNeedPop=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'overall=30',
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { code: string }).code).toBe('00');
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
  }, 120_000);
});
