import type { Queryable } from '../db/types.ts';
import type { Declaration, FileMap } from '../releases/builds.ts';

/**
 * The release tables (migration 016): published versions, the live version of each app, the history of
 * switches, and the release lock. Plain SQL, the same on PGlite and PostgreSQL.
 * The rules around them (the lock's lease, who may switch) are in releases/catalog.ts.
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

// --- The release lock row (releases/catalog.ts holds the lease logic) -------------------------------------------

/** Takes the lock row for `token` when it is free or its lease ran out; false when someone else holds it. */
export async function tryTakeReleaseLock(q: Queryable, token: string, who: string, leaseSeconds: number): Promise<boolean> {
  const taken = await q.query<{ holder: string }>(
    `UPDATE release_lock SET holder = $1, held_by = $2, since = now(), until = now() + make_interval(secs => $3)
      WHERE id AND (holder IS NULL OR until < now()) RETURNING holder`,
    [token, who, leaseSeconds],
  );
  return taken.length > 0;
}

/** Who holds the lock, since when and until when (for the refusal's message). */
export async function releaseLockHolder(q: Queryable): Promise<{ held_by: string | null; since: Date | null; until: Date | null } | null> {
  const [held] = await q.query<{ held_by: string | null; since: Date | null; until: Date | null }>(
    'SELECT held_by, since, until FROM release_lock WHERE id',
  );
  return held ?? null;
}

/** Extends the lease of `token` (nothing when it no longer holds the lock). */
export async function renewReleaseLock(q: Queryable, token: string, leaseSeconds: number): Promise<void> {
  await q.query(`UPDATE release_lock SET until = now() + make_interval(secs => $2) WHERE id AND holder = $1`, [token, leaseSeconds]);
}

/** Frees the lock if `token` still holds it. */
export async function freeReleaseLock(q: Queryable, token: string): Promise<void> {
  await q.query('UPDATE release_lock SET holder = NULL, held_by = NULL, since = NULL, until = NULL WHERE id AND holder = $1', [token]);
}

/** The lock's holder token, the row locked FOR UPDATE until the transaction ends. */
export async function lockedReleaseLockHolder(tx: Queryable): Promise<string | null> {
  const [row] = await tx.query<{ holder: string | null }>('SELECT holder FROM release_lock WHERE id FOR UPDATE');
  return row?.holder ?? null;
}

/** Whether migration 016 has run on this database (the release commands refuse to guess otherwise). */
export async function hasReleaseTables(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ ok: boolean }>("SELECT to_regclass('release_live') IS NOT NULL AS ok");
  return row?.ok === true;
}

/** What a preview or canary check needs of a published version (without its file list), or null. */
export async function previewedVersion(
  q: Queryable,
  app: string,
  version: string,
): Promise<{ kind: string; name: string; declaration: unknown } | null> {
  const [row] = await q.query<{ kind: string; name: string; declaration: unknown }>(
    'SELECT kind, name, declaration FROM release_versions WHERE app = $1 AND version = $2',
    [app, version],
  );
  return row ?? null;
}

/** A published version's kind, file list and source (what the static serving caches), or null. */
export async function versionFiles(
  q: Queryable,
  app: string,
  version: string,
): Promise<{ kind: ReleaseKind; files: FileMap; source: ReleaseSource } | null> {
  const [row] = await q.query<{ kind: ReleaseKind; files: FileMap; source: ReleaseSource }>(
    'SELECT kind, files, source FROM release_versions WHERE app = $1 AND version = $2',
    [app, version],
  );
  return row ?? null;
}

/** The newest published version of `app` whose file list has `path`, or null. */
export async function newestVersionWithFile(q: Queryable, app: string, path: string): Promise<string | null> {
  const [older] = await q.query<{ version: string }>(
    `SELECT version FROM release_versions WHERE app = $1 AND jsonb_exists(files, $2) ORDER BY published_at DESC LIMIT 1`,
    [app, path],
  );
  return older?.version ?? null;
}
