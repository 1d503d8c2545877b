import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../env.ts';
import { quoteIdent } from './pg.ts';
import type { Db, Queryable } from './types.ts';

/**
 * Applies `migrations/NNN_name.sql` in order, each in its own transaction, recorded in schema_migrations.
 *
 * Every step first takes a transaction-scoped advisory lock (namespace MIGRATION_LOCK, key = hash of the
 * current schema), so N instances starting together against one PostgreSQL apply each file exactly once:
 * the others wait, then see it recorded. A recorded file whose content changed since is an error (edit by
 * adding a new migration, never by changing an applied one).
 */
export const MIGRATION_LOCK = 7_301_001;
const FILE_PATTERN = /^(\d{3,})_[a-z0-9_]+\.sql$/;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const seen = new Set<string>();
  return files.map((name) => {
    const m = FILE_PATTERN.exec(name);
    if (!m) throw new MigrationError(`Migration file name ${name} does not match NNN_name.sql`);
    if (seen.has(m[1]!)) throw new MigrationError(`Two migrations share the number ${m[1]}`);
    seen.add(m[1]!);
    const sql = readFileSync(join(dir, name), 'utf8');
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

async function lock(tx: Queryable) {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [MIGRATION_LOCK]);
}

/** Returns the names applied by this call (empty when the database was already up to date). */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });

  const applied: string[] = [];
  for (const m of migrations) {
    const didApply = await db.transaction(async (tx) => {
      await lock(tx);
      const [row] = await tx.query<{ checksum: string }>('SELECT checksum FROM schema_migrations WHERE name = $1', [m.name]);
      if (row) {
        if (row.checksum !== m.checksum) {
          throw new MigrationError(`Migration ${m.name} was changed after it was applied (checksum differs). Add a new migration instead.`);
        }
        return false;
      }
      try {
        // DB_STATEMENT_TIMEOUT_MS is for requests: a migration (an index on a large table) may take longer.
        await tx.exec('SET LOCAL statement_timeout = 0');
        await tx.exec(m.sql);
      } catch (e) {
        throw new MigrationError(`Migration ${m.name} failed: ${(e as Error).message}`);
      }
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [m.name, m.checksum]);
      return true;
    });
    if (didApply) applied.push(m.name);
  }
  return applied;
}

export interface SchemaState {
  /** Migrations of this build not recorded in schema_migrations, in order. */
  missing: string[];
  /** Recorded migrations whose file changed since (an error either way). */
  changed: string[];
  /** Recorded migrations this build does not have (a newer release migrated: fine under expand/contract). */
  unknown: string[];
}

/**
 * What `migrate` would do, without doing it (MIGRATE_ON_START=0: the server refuses to start while `missing` or
 * `changed` is not empty; docs/deploy.md "Migrations").
 */
export async function schemaState(db: Queryable, migrations: Migration[] = readMigrations()): Promise<SchemaState> {
  const [table] = await db.query<{ name: string | null }>("SELECT to_regclass('schema_migrations')::text AS name");
  const rows = table?.name
    ? await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY name')
    : [];
  const recorded = new Map(rows.map((r) => [r.name, r.checksum]));
  const known = new Set(migrations.map((m) => m.name));
  return {
    missing: migrations.filter((m) => !recorded.has(m.name)).map((m) => m.name),
    changed: migrations.filter((m) => recorded.has(m.name) && recorded.get(m.name) !== m.checksum).map((m) => m.name),
    unknown: rows.filter((r) => !known.has(r.name)).map((r) => r.name),
  };
}

/** A PostgreSQL role name DATABASE_APP_ROLE accepts: a plain lower-case identifier. */
export const APP_ROLE_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Issue 34 item 2: migrations run as the schema's owner (the migrate step's DATABASE_URL) and the instances as
 * another role, DATABASE_APP_ROLE, which gets rows to read and write and nothing more: no TRUNCATE, no ownership,
 * so it can neither empty a table nor disable or drop the triggers that keep the money trail, the audit, the key
 * facts and the consents append-only, nor change the schema or its record of migrations (schema_migrations: read
 * only, which a start checks). Granted again after every migration step, so the
 * tables a migration adds are the role's to use at once. PostgreSQL only (PGlite has one user).
 */
export async function grantAppRole(db: Queryable, role: string): Promise<void> {
  if (!APP_ROLE_PATTERN.test(role)) throw new MigrationError(`DATABASE_APP_ROLE "${role}" is not a plain role name`);
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = quoteIdent(row!.schema);
  const app = quoteIdent(role);
  await db.exec(
    `GRANT USAGE ON SCHEMA ${schema} TO ${app};
     GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${app};
     GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${app};
     REVOKE INSERT, UPDATE, DELETE ON schema_migrations FROM ${app};`,
  );
}
