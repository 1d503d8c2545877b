import { migrate, type Migration } from './migrate.ts';
import type { Db, Queryable } from './types.ts';

/**
 * The expand/contract rule (docs/deploy.md "Migrations"): during a rolling deploy the previous release runs
 * against the new schema, so migration N must keep everything release N−1 uses. A migration may add tables,
 * nullable columns or columns with a default, indexes and constraints the old code satisfies; it may not drop or
 * rename a table or column, change a column's type, or add a NOT NULL column without a default to an existing
 * table (the old code's INSERTs would fail). Removing something is a later "contract" migration, once no running
 * release reads it, and must be listed here with its reason. test/expand-contract.test.ts applies the migrations
 * one by one and enforces this.
 */
export interface ContractStep {
  migration: string;
  /** What it removes or changes (or adds NOT NULL without a default): `table` or `table.column`. */
  removes: readonly string[];
  reason: string;
}

export const CONTRACT_STEPS: readonly ContractStep[] = [
  {
    migration: '005_promotion.sql',
    removes: ['landing_templates.config', 'landing_templates.draft_config'],
    reason:
      'Historical: config renamed to live_config and draft_config added NOT NULL without a default, in one step, before ' +
      'the rule existed and while one instance ran. Today: add live_config and draft_config nullable (or with a default), ' +
      'copy, release the code that reads them, and only then drop config in a contract step.',
  },
];

interface Column {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}
/** table → column → definition, of the current schema. */
export type SchemaSnapshot = Map<string, Map<string, Column>>;

export async function snapshotSchema(q: Queryable): Promise<SchemaSnapshot> {
  const rows = await q.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const snapshot: SchemaSnapshot = new Map();
  for (const r of rows) {
    let table = snapshot.get(r.table_name);
    if (!table) snapshot.set(r.table_name, (table = new Map<string, Column>()));
    table.set(r.column_name, { type: r.data_type, nullable: r.is_nullable === 'YES', hasDefault: r.column_default !== null });
  }
  return snapshot;
}

/** What `migration` broke of the previous schema, one sentence each, leaving out what `steps` allow. */
export function compatibilityProblems(
  before: SchemaSnapshot,
  after: SchemaSnapshot,
  migration: string,
  steps: readonly ContractStep[] = CONTRACT_STEPS,
): string[] {
  const allowed = new Set(steps.filter((s) => s.migration === migration).flatMap((s) => s.removes));
  const problems: string[] = [];
  for (const [table, columns] of before) {
    if (table === 'schema_migrations') continue;
    const now = after.get(table);
    if (!now) {
      if (!allowed.has(table)) problems.push(`${migration} drops or renames table ${table}, which the previous release uses.`);
      continue;
    }
    for (const [name, column] of columns) {
      const key = `${table}.${name}`;
      const next = now.get(name);
      if (allowed.has(key) || allowed.has(table)) continue;
      if (!next) problems.push(`${migration} drops or renames column ${key}, which the previous release uses.`);
      else if (next.type !== column.type) problems.push(`${migration} changes the type of ${key} from ${column.type} to ${next.type}.`);
    }
    for (const [name, column] of now) {
      if (columns.has(name) || column.nullable || column.hasDefault || allowed.has(`${table}.${name}`)) continue;
      problems.push(
        `${migration} adds ${table}.${name} NOT NULL without a default: the previous release's INSERTs into ${table} would fail.`,
      );
    }
  }
  return problems;
}

/**
 * Applies `migrations` one at a time to an empty database and checks each against the schema before it. Returns
 * every problem (empty: each migration is an expand step or a listed contract step).
 */
export async function checkExpandContract(
  db: Db,
  migrations: readonly Migration[],
  steps: readonly ContractStep[] = CONTRACT_STEPS,
): Promise<string[]> {
  const problems: string[] = [];
  let before = await snapshotSchema(db);
  for (let i = 0; i < migrations.length; i++) {
    await migrate(db, migrations.slice(0, i + 1));
    const after = await snapshotSchema(db);
    problems.push(...compatibilityProblems(before, after, migrations[i]!.name, steps));
    before = after;
  }
  return problems;
}
