import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { readMigrations } from '../db/migrate.ts';
import type { Db } from '../db/types.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { appliedMigrationNames, writeProbeSetting } from '../repositories/settings.ts';

/** Readiness of one API instance (GET /readyz, routes/health): the checks and why they failed. */

export interface ReadinessOptions {
  /** The folder whose file system must keep `minFreeBytes` free (DATA_DIR: PGlite and photos). None: not checked. */
  dataDir?: string;
  /** Default 256 MB (READY_MIN_FREE_MB). */
  minFreeBytes?: number;
  /** Free bytes of a folder's file system; tests pass their own. Default fs.statfs. */
  freeBytes?: (dir: string) => Promise<number>;
  /** Migration names this build expects; default the files in apps/api/migrations. */
  expectedMigrations?: readonly string[];
}

export const DEFAULT_MIN_FREE_BYTES = 256 * 1024 * 1024;
/** The scratch row the write probe rewrites (app_settings: a committed write, so a full disk or a read-only
 * database fails it; a rolled-back write may never reach the disk). */
export const READY_PROBE_KEY = 'readyz_probe';

const defaultFreeBytes = async (dir: string) => {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
};

type Check = 'ok' | 'failed';
export interface Checks {
  db: Check;
  disk: Check | 'skipped';
  migrations: Check;
}

/** The checks of one instance, options resolved once (the migration list is read at start). */
export function readinessChecker(opts: ReadinessOptions) {
  const minFree = opts.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  const freeBytes = opts.freeBytes ?? defaultFreeBytes;
  const expected = opts.expectedMigrations ?? readMigrations().map((m) => m.name);

  /**
   * - db: a committed write of a scratch row (READY_PROBE_KEY in app_settings);
   * - disk: free space of DATA_DIR's file system ≥ minFreeBytes (skipped on PostgreSQL, whose disk is its own);
   * - migrations: every migration file of this build is recorded in schema_migrations.
   */
  return async (db: Db, now: Date, log: FastifyBaseLogger): Promise<{ checks: Checks; reasons: MessageKey[] }> => {
    const checks: Checks = { db: 'ok', disk: opts.dataDir ? 'ok' : 'skipped', migrations: 'ok' };
    const reasons: MessageKey[] = [];
    try {
      await writeProbeSetting(db, READY_PROBE_KEY, now.toISOString());
    } catch (err) {
      log.error({ err }, 'readiness: database write failed');
      checks.db = 'failed';
      reasons.push('readyDb');
    }
    if (opts.dataDir) {
      try {
        const free = await freeBytes(opts.dataDir);
        if (free < minFree) {
          log.error({ free, minFree }, 'readiness: data folder disk almost full');
          checks.disk = 'failed';
          reasons.push('readyDisk');
        }
      } catch (err) {
        log.error({ err }, 'readiness: disk space unreadable');
        checks.disk = 'failed';
        reasons.push('readyDisk');
      }
    }
    if (checks.db === 'ok') {
      try {
        const applied = await appliedMigrationNames(db);
        const missing = expected.filter((name) => !applied.has(name));
        if (missing.length > 0) {
          log.error({ missing }, 'readiness: migrations not applied');
          checks.migrations = 'failed';
          reasons.push('readyMigrations');
        }
      } catch (err) {
        log.error({ err }, 'readiness: migrations unreadable');
        checks.migrations = 'failed';
        reasons.push('readyMigrations');
      }
    } else {
      checks.migrations = 'failed';
    }
    return { checks, reasons };
  };
}
