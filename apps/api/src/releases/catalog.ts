import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import { ReleaseError, type Declaration, type FileMap } from './builds.ts';

/**
 * The release tables (migration 016): published versions, the live version of each app, the history of
 * switches, and the release lock. Plain SQL, the same on PGlite and PostgreSQL.
 */

export type ReleaseKind = 'remote' | 'shell';
export type ReleaseSource = 'release' | 'local' | 'import';
export type ReleaseAction = 'release' | 'rollback' | 'start' | 'import' | 'initial';

export interface VersionRow {
  app: string;
  version: string;
  kind: ReleaseKind;
  name: string;
  digest: string;
  declaration: Declaration;
  files: FileMap;
  source: ReleaseSource;
  published_at: Date;
  published_by: string;
}

export interface LiveRow {
  app: string;
  version: string;
  kind: ReleaseKind;
  name: string;
  declaration: Declaration;
  changed_at: Date;
}

export interface HistoryRow {
  id: number;
  at: Date;
  app: string;
  name: string;
  version: string;
  previous: string | null;
  action: ReleaseAction;
  actor: string;
}

const VERSION_COLUMNS = 'app, version, kind, name, digest, declaration, files, source, published_at, published_by';

export async function findVersion(q: Queryable, app: string, version: string): Promise<VersionRow | null> {
  const [row] = await q.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM release_versions WHERE app = $1 AND version = $2`, [
    app,
    version,
  ]);
  return row ?? null;
}

/** Every published version (without the file lists), of one app or of all. */
export async function listVersions(q: Queryable, app?: string): Promise<Omit<VersionRow, 'files'>[]> {
  return q.query(
    `SELECT app, version, kind, name, digest, declaration, source, published_at, published_by FROM release_versions
      WHERE $1::text IS NULL OR app = $1 ORDER BY app, published_at`,
    [app ?? null],
  );
}

export async function insertVersion(q: Queryable, row: VersionRow): Promise<void> {
  await q.query(`INSERT INTO release_versions (${VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10)`, [
    row.app,
    row.version,
    row.kind,
    row.name,
    row.digest,
    JSON.stringify(row.declaration),
    JSON.stringify(row.files),
    row.source,
    row.published_at,
    row.published_by,
  ]);
}

/** A local build replacing the local build of the same version (the trigger refuses it for anything released). */
export async function replaceLocalVersion(q: Queryable, row: VersionRow): Promise<void> {
  await q.query(
    `UPDATE release_versions SET name = $3, digest = $4, declaration = $5::jsonb, files = $6::jsonb, published_at = $7, published_by = $8
      WHERE app = $1 AND version = $2 AND source = 'local'`,
    [
      row.app,
      row.version,
      row.name,
      row.digest,
      JSON.stringify(row.declaration),
      JSON.stringify(row.files),
      row.published_at,
      row.published_by,
    ],
  );
}

/** A local build released as it is: from now on it never changes. */
export async function markReleased(q: Queryable, app: string, version: string): Promise<void> {
  await q.query(`UPDATE release_versions SET source = 'release' WHERE app = $1 AND version = $2 AND source = 'local'`, [app, version]);
}

/** What is live: every app's live version with its declaration (routes, shared versions). */
export async function liveReleases(q: Queryable): Promise<LiveRow[]> {
  return q.query<LiveRow>(
    `SELECT l.app, l.version, v.kind, v.name, v.declaration, l.changed_at
       FROM release_live l JOIN release_versions v ON v.app = l.app AND v.version = l.version
      ORDER BY l.app`,
  );
}

export async function liveVersionOf(q: Queryable, app: string): Promise<string | null> {
  const [row] = await q.query<{ version: string }>('SELECT version FROM release_live WHERE app = $1', [app]);
  return row?.version ?? null;
}

/**
 * Points `app` at `version` and records the switch (nothing when it is already live). Returns the version that
 * was live before. Call inside the transaction that checked the lock (switchUnderLock).
 */
export async function setLive(
  tx: Queryable,
  sw: { app: string; name: string; version: string; action: ReleaseAction; actor: string; at: Date },
): Promise<string | null> {
  const [before] = await tx.query<{ version: string }>('SELECT version FROM release_live WHERE app = $1 FOR UPDATE', [sw.app]);
  const previous = before?.version ?? null;
  if (previous === sw.version) return previous;
  await tx.query(
    `INSERT INTO release_live (app, version, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (app) DO UPDATE SET version = EXCLUDED.version, changed_at = EXCLUDED.changed_at`,
    [sw.app, sw.version, sw.at],
  );
  await tx.query('INSERT INTO release_history (at, app, name, version, previous, action, actor) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    sw.at,
    sw.app,
    sw.name,
    sw.version,
    previous,
    sw.action,
    sw.actor,
  ]);
  return previous;
}

export async function history(q: Queryable, app?: string): Promise<HistoryRow[]> {
  return q.query<HistoryRow>(
    'SELECT id, at, app, name, version, previous, action, actor FROM release_history WHERE $1::text IS NULL OR app = $1 ORDER BY id',
    [app ?? null],
  );
}

export async function addHistory(q: Queryable, row: Omit<HistoryRow, 'id'>): Promise<void> {
  await q.query('INSERT INTO release_history (at, app, name, version, previous, action, actor) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    row.at,
    row.app,
    row.name,
    row.version,
    row.previous,
    row.action,
    row.actor,
  ]);
}

// --- The release lock --------------------------------------------------------------------------------------------

/** How long a lease lasts without renewal: a command that died leaves the lock for at most this long. */
export const LEASE_MS = 120_000;
const RENEW_MS = 30_000;

export interface ReleaseLock {
  /** The random token of this holder (the switch checks it under FOR UPDATE). */
  readonly token: string;
  release(): Promise<void>;
}

/**
 * Takes the release lock at once, or refuses with who holds it: one release, rollback or publish at a time for
 * the whole database, so two of them cannot both read the live version and one lose its switch. The lock is a
 * lease on the release_lock row (compare-and-set, no transaction held open while files upload), renewed while
 * the holder runs; the switch itself runs in a transaction that re-reads the row FOR UPDATE and checks the
 * token (switchUnderLock), so a holder whose lease expired can never switch.
 */
export async function takeReleaseLock(db: Db, who: string): Promise<ReleaseLock> {
  const token = randomUUID();
  const taken = await db.query<{ holder: string }>(
    `UPDATE release_lock SET holder = $1, held_by = $2, since = now(), until = now() + make_interval(secs => $3)
      WHERE id AND (holder IS NULL OR until < now()) RETURNING holder`,
    [token, who, LEASE_MS / 1000],
  );
  if (taken.length === 0) {
    const [held] = await db.query<{ held_by: string | null; since: Date | null; until: Date | null }>(
      'SELECT held_by, since, until FROM release_lock WHERE id',
    );
    throw new ReleaseError(
      `another release is in progress (${held?.held_by ?? 'unknown'} since ${held?.since?.toISOString() ?? '?'}): try again when it has ` +
        `finished. A lock left by a command that died expires at ${held?.until?.toISOString() ?? '?'}.`,
    );
  }
  let released = false;
  const renew = setInterval(() => {
    db.query(`UPDATE release_lock SET until = now() + make_interval(secs => $2) WHERE id AND holder = $1`, [token, LEASE_MS / 1000]).catch(
      () => {},
    );
  }, RENEW_MS);
  renew.unref();
  return {
    token,
    async release() {
      if (released) return;
      released = true;
      clearInterval(renew);
      await db.query('UPDATE release_lock SET holder = NULL, held_by = NULL, since = NULL, until = NULL WHERE id AND holder = $1', [token]);
    },
  };
}

/** Runs `fn` in a transaction that holds the lock row FOR UPDATE and is refused unless `lock` still holds it. */
export async function switchUnderLock<T>(db: Db, lock: ReleaseLock, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ holder: string | null }>('SELECT holder FROM release_lock WHERE id FOR UPDATE');
    if (row?.holder !== lock.token)
      throw new ReleaseError('the release lock was lost (held past its lease by a stalled command): nothing was switched; run it again');
    return fn(tx);
  });
}

/** Whether migration 016 has run on this database (the release commands refuse to guess otherwise). */
export async function hasReleaseTables(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ ok: boolean }>("SELECT to_regclass('release_live') IS NOT NULL AS ok");
  return row?.ok === true;
}
