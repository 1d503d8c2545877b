// Vitest global setup: the databases every test file starts from, made once per run.
//
// A fresh PGlite spends ~3 s in initdb and start-up and ~0.7 s more migrating and seeding; one loaded from a dump
// of its data folder is ready in ~1.2 s. PostgreSQL clones a database from a template in ~0.1 s where migrating
// and seeding a schema takes ~0.6 s. So the three starting points (empty, migrated, migrated and seeded with the
// demo data) are made here once, and setup.ts copies the one a file asks for (docs/testing.md "API tests").
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/migrate.ts';
import { openPg, quoteIdent } from '../../src/db/pg.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { seedDemo } from '../../src/db/seed-demo.ts';
import type { Db } from '../../src/db/types.ts';
import { ensureGrievanceOfficer } from '../../src/repositories/grievance-officer.ts';
import { ensureSupportContact } from '../../src/repositories/settings.ts';
import { GRIEVANCE_OFFICER, SEED_NOW, SUPPORT, TEMPLATE_KINDS, type TemplateKind } from './template-kinds.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite data-folder dumps (uncompressed tar), by starting point. */
    pgliteTemplates: Record<TemplateKind, string>;
    /** PostgreSQL template databases, by starting point; empty without DATABASE_URL. */
    pgTemplates: Partial<Record<TemplateKind, string>>;
  }
}

/** What each starting point holds beyond the empty database. */
async function prepare(db: Db, kind: TemplateKind): Promise<void> {
  if (kind === 'empty') return;
  await migrate(db);
  await ensureSupportContact(db, SUPPORT);
  await ensureGrievanceOfficer(db, GRIEVANCE_OFFICER);
  if (kind === 'seeded') await seedDemo(db, { now: SEED_NOW });
}

/** lendview-* entries of the system temp folder, but another run's own folder (API or e2e, maybe running beside). */
function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('lendview-') && !/^lendview-(api-run|e2e)-/.test(name));
}

function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Everything the run writes to the temp folder (apps' upload and server-render folders, release builds, the
  // templates) goes into one folder of its own, removed at the end whatever a test forgot (issue 38: thousands of
  // lendview-* folders were left in /tmp). The workers start after this and inherit TMPDIR.
  const systemTmp = tmpdir();
  const before = new Set(leftovers(systemTmp));
  const runDir = mkdtempSync(join(systemTmp, 'lendview-api-run-'));
  process.env.TMPDIR = runDir;
  const dir = join(runDir, 'templates');
  mkdirSync(dir);
  const pgliteTemplates = {} as Record<TemplateKind, string>;
  for (const kind of TEMPLATE_KINDS) {
    const db = await openPglite();
    await prepare(db, kind);
    const dump = await db.dumpDataDir();
    pgliteTemplates[kind] = join(dir, `${kind}.tar`);
    writeFileSync(pgliteTemplates[kind], Buffer.from(await dump.arrayBuffer()));
    await db.close();
  }

  const pgTemplates: Partial<Record<TemplateKind, string>> = {};
  const url = process.env.DATABASE_URL;
  const admin = url ? new pg.Client({ connectionString: url }) : undefined;
  if (admin && url) {
    await admin.connect();
    const run = `${process.pid}_${Date.now().toString(36)}`;
    for (const kind of TEMPLATE_KINDS) {
      const name = `lendview_tpl_${run}_${kind}`;
      await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
      const db = await openPg({ connectionString: databaseUrl(url, name), max: 2 });
      await prepare(db, kind);
      await db.close();
      pgTemplates[kind] = name;
    }
  }

  project.provide('pgliteTemplates', pgliteTemplates);
  project.provide('pgTemplates', pgTemplates);

  return async () => {
    rmSync(runDir, { recursive: true, force: true });
    process.env.TMPDIR = systemTmp;
    // The temp folder as it was: a test that writes past TMPDIR (a child with an environment of its own) fails the run.
    const left = leftovers(systemTmp).filter((name) => !before.has(name));
    if (left.length > 0) {
      // An error thrown here is only printed (vitest closes with 0 after a global teardown error), so the exit code says it.
      console.error(`\nthe API tests left ${left.length} folder(s) in ${systemTmp}: ${left.slice(0, 10).join(', ')}`);
      process.exitCode = 1;
    }
    if (admin) {
      for (const name of Object.values(pgTemplates)) await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      await admin.end();
    }
  };
}
