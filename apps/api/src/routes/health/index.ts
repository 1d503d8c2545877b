import { statfs } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@lendview/contracts';
import { readMigrations } from '../../db/migrate.ts';
import { langOf } from '../../i18n/lang.ts';
import { t, type MessageKey } from '../../i18n/messages.ts';
import { envelope } from '../../lib/envelope.ts';

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
interface Checks {
  db: Check;
  disk: Check | 'skipped';
  migrations: Check;
}

/**
 * GET /healthz: liveness. The process is up and its event loop answers; nothing else is checked, so a database
 * outage never gets a healthy process restarted (readiness takes it out of the load balancer instead).
 *
 * GET /readyz: readiness. 200 when every check passes, otherwise 503 SERVER_ERROR naming the failed checks:
 * - db: a committed write of a scratch row (READY_PROBE_KEY in app_settings);
 * - disk: free space of DATA_DIR's file system ≥ minFreeBytes (skipped on PostgreSQL, whose disk is its own);
 * - migrations: every migration file of this build is recorded in schema_migrations.
 */
export default async function healthRoutes(app: FastifyInstance, opts: ReadinessOptions) {
  const minFree = opts.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  const freeBytes = opts.freeBytes ?? defaultFreeBytes;
  const expected = opts.expectedMigrations ?? readMigrations().map((m) => m.name);

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/healthz', async (req, reply) => {
    noStore(reply);
    return envelope('00', { status: 'ok' }, t(langOf(req), 'ok'));
  });

  app.get('/readyz', async (req: FastifyRequest, reply) => {
    const checks: Checks = { db: 'ok', disk: opts.dataDir ? 'ok' : 'skipped', migrations: 'ok' };
    const reasons: MessageKey[] = [];
    try {
      await app.db.query(
        `INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [READY_PROBE_KEY, app.clock.now().toISOString()],
      );
    } catch (err) {
      req.log.error({ err }, 'readiness: database write failed');
      checks.db = 'failed';
      reasons.push('readyDb');
    }
    if (opts.dataDir) {
      try {
        const free = await freeBytes(opts.dataDir);
        if (free < minFree) {
          req.log.error({ free, minFree }, 'readiness: data folder disk almost full');
          checks.disk = 'failed';
          reasons.push('readyDisk');
        }
      } catch (err) {
        req.log.error({ err }, 'readiness: disk space unreadable');
        checks.disk = 'failed';
        reasons.push('readyDisk');
      }
    }
    if (checks.db === 'ok') {
      try {
        const rows = await app.db.query<{ name: string }>('SELECT name FROM schema_migrations');
        const applied = new Set(rows.map((r) => r.name));
        const missing = expected.filter((name) => !applied.has(name));
        if (missing.length > 0) {
          req.log.error({ missing }, 'readiness: migrations not applied');
          checks.migrations = 'failed';
          reasons.push('readyMigrations');
        }
      } catch (err) {
        req.log.error({ err }, 'readiness: migrations unreadable');
        checks.migrations = 'failed';
        reasons.push('readyMigrations');
      }
    } else {
      checks.migrations = 'failed';
    }

    noStore(reply);
    const lang = langOf(req);
    if (reasons.length === 0) return envelope('00', { status: 'ready', checks }, t(lang, 'ok'));
    const message = `${t(lang, 'notReady')} ${reasons.map((r) => t(lang, r)).join(' ')}`;
    return reply.code(503).header('retry-after', '10').send(envelope(ErrorCode.server, null, message));
  });
}
