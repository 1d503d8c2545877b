import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readMigrations, type Migration } from '../src/db/migrate.ts';
import { CONTRACT_STEPS, checkExpandContract, compatibilityProblems, snapshotSchema } from '../src/db/schema-compat.ts';
import { BACKENDS, openTestDb } from './helpers/setup.ts';

// Issue 15 item 5: rolling deploys need expand/contract migrations (docs/deploy.md "Migrations"). Each migration is
// applied after the ones before it; every table and column the previous release had must still be there, with
// its type, and a column added to an existing table must be nullable or have a default, unless the migration is
// a listed contract step (src/db/schema-compat.ts CONTRACT_STEPS) with its reason.

const fake = (name: string, sql: string): Migration => ({ name, sql, checksum: createHash('sha256').update(sql).digest('hex') });

describe.each(BACKENDS)('expand/contract (%s)', (backend) => {
  it('every migration keeps the previous release schema (apart from the listed contract steps)', async () => {
    const t = await openTestDb(backend);
    try {
      const migrations = readMigrations();
      expect(await checkExpandContract(t.db, migrations)).toEqual([]);
      // The allow-list is not stale: without it, exactly its entries are reported.
      const t2 = await openTestDb(backend);
      try {
        const withoutList = await checkExpandContract(t2.db, migrations, []);
        expect(withoutList).toEqual([
          '005_promotion.sql drops or renames column landing_templates.config, which the previous release uses.',
          "005_promotion.sql adds landing_templates.draft_config NOT NULL without a default: the previous release's INSERTs into landing_templates would fail.",
        ]);
      } finally {
        await t2.cleanup();
      }
      for (const step of CONTRACT_STEPS) {
        expect(migrations.map((m) => m.name)).toContain(step.migration);
        expect(step.reason.length).toBeGreaterThan(40);
      }
    } finally {
      await t.cleanup();
    }
  }, 120_000);

  it('a DROP COLUMN, a table rename, a type change or a NOT NULL column without default fails the check unless listed', async () => {
    const t = await openTestDb(backend);
    try {
      const migrations = [
        ...readMigrations(),
        fake('900_drop_column.sql', 'ALTER TABLE borrowers DROP COLUMN is_repeat_client;'),
        fake('901_rename_table.sql', 'ALTER TABLE public_holidays RENAME TO holidays;'),
        fake('902_type.sql', 'ALTER TABLE job_runs ALTER COLUMN last_duration_ms TYPE bigint;'),
        fake('903_not_null.sql', 'ALTER TABLE job_runs ADD COLUMN owner text NOT NULL;'),
        fake(
          '904_fine.sql',
          'ALTER TABLE job_runs ADD COLUMN note text, ADD COLUMN tries integer NOT NULL DEFAULT 0; CREATE TABLE later (id int);',
        ),
      ];
      const problems = await checkExpandContract(t.db, migrations);
      expect(problems).toEqual([
        '900_drop_column.sql drops or renames column borrowers.is_repeat_client, which the previous release uses.',
        '901_rename_table.sql drops or renames table public_holidays, which the previous release uses.',
        '902_type.sql changes the type of job_runs.last_duration_ms from integer to bigint.',
        "903_not_null.sql adds job_runs.owner NOT NULL without a default: the previous release's INSERTs into job_runs would fail.",
      ]);
    } finally {
      await t.cleanup();
    }
  }, 120_000);

  it('a listed contract step passes; the listing is per migration and per column', async () => {
    const t = await openTestDb(backend);
    try {
      const before = await snapshotSchema(t.db);
      await t.db.exec('CREATE TABLE a (x int, y int, w int); CREATE TABLE b (z int)');
      const mid = await snapshotSchema(t.db);
      expect(compatibilityProblems(before, mid, '950_new.sql')).toEqual([]);
      await t.db.exec('ALTER TABLE a DROP COLUMN x; ALTER TABLE a DROP COLUMN y; DROP TABLE b');
      const after = await snapshotSchema(t.db);
      const steps = [{ migration: '951_contract.sql', removes: ['a.x', 'b'], reason: 'no release reads them since 950' }];
      expect(compatibilityProblems(mid, after, '951_contract.sql', steps)).toEqual([
        '951_contract.sql drops or renames column a.y, which the previous release uses.',
      ]);
      expect(compatibilityProblems(mid, after, '952_other.sql', steps)).toHaveLength(3);
    } finally {
      await t.cleanup();
    }
  }, 60_000);
});
