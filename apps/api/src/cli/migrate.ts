// `pnpm migrate` (root) → `pnpm --filter @lendview/api migrate`, or `node apps/api/dist/migrate.mjs` where only the
// build is deployed: applies the migrations of this build to the database the environment names (DATABASE_URL,
// else the PGlite folder under DATA_DIR) and exits. A rolling deploy runs it once, before the new instances start
// with MIGRATE_ON_START=0 (docs/deploy.md "Migrations"). Needs only the database settings: no secret.
//
// Exit codes: 0 migrated (or already up to date), 1 a migration failed or an applied one was changed (nothing of
// the failing file is kept: each file is one transaction), 2 bad arguments or environment.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { grantAppRole, migrate, readMigrations, schemaState } from '../db/migrate.ts';
import { openDb } from '../db/open.ts';
import type { Db } from '../db/types.ts';
import { EnvError, loadDatabaseEnv } from '../env.ts';

const USAGE = 'usage: pnpm migrate [--status]   (--status: list what would be applied, change nothing)';

/** Runs the command against an open database; returns what to print and the exit code. */
export async function runMigrate(
  db: Db,
  args: readonly string[],
  options: { appRole?: string | undefined } = {},
): Promise<{ out: string; code: number }> {
  const unknownArgs = args.filter((a) => a !== '--status');
  if (unknownArgs.length > 0) return { out: USAGE, code: 2 };
  const migrations = readMigrations();
  if (args.includes('--status')) {
    const state = await schemaState(db, migrations);
    const lines = [
      state.missing.length === 0 ? 'The schema is up to date.' : `Not applied yet: ${state.missing.join(', ')}.`,
      ...(state.changed.length > 0 ? [`Changed after they were applied: ${state.changed.join(', ')}.`] : []),
      ...(state.unknown.length > 0 ? [`Applied by a newer release (not in this build): ${state.unknown.join(', ')}.`] : []),
    ];
    return { out: lines.join('\n'), code: state.changed.length > 0 ? 1 : 0 };
  }
  const applied = await migrate(db, migrations);
  if (options.appRole) await grantAppRole(db, options.appRole);
  const granted = options.appRole ? ` Rows granted to ${options.appRole}.` : '';
  return {
    out: `${applied.length === 0 ? 'The schema is up to date: nothing to apply.' : `Applied ${applied.length}: ${applied.join(', ')}.`}${granted}`,
    code: 0,
  };
}

async function main() {
  let env;
  try {
    env = loadDatabaseEnv();
  } catch (err) {
    console.error(err instanceof EnvError ? err.message : String(err));
    process.exit(2);
  }
  const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}`;
  console.log(`lendview migrate: ${where}`);
  const db = await openDb(env);
  try {
    const result = await runMigrate(db, process.argv.slice(2), { appRole: env.appRole });
    (result.code === 0 ? console.log : console.error)(result.out);
    process.exitCode = result.code;
  } finally {
    await db.close();
  }
}

// Run as a command only (tests import runMigrate).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
