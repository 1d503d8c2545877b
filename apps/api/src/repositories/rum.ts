import type { Queryable } from '../db/types.ts';

/** rum_events (migration 018_rum.sql): real-user events per remote version. */
export interface RumRow {
  at: Date;
  app: string;
  version: string;
  route: string;
  kind: 'view' | 'error' | 'lcp' | 'inp' | 'cls';
  value: number | null;
  detail: Record<string, unknown> | null;
  pageId: string;
}

/** Retention: events older than this are deleted by the hourly housekeeping (services/jobs.ts). */
export const RUM_RETENTION_DAYS = 30;

/** Inserts the rows of one batch in one statement (unnest of parallel arrays). */
export async function insertRumEvents(db: Queryable, rows: RumRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO rum_events (at, app, version, route, kind, value, detail, page_id)
     SELECT t.at, t.app, t.version, t.route, t.kind, t.value, t.detail::jsonb, t.page_id
     FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::text[], $8::text[])
       AS t(at, app, version, route, kind, value, detail, page_id)`,
    [
      rows.map((r) => r.at),
      rows.map((r) => r.app),
      rows.map((r) => r.version),
      rows.map((r) => r.route),
      rows.map((r) => r.kind),
      rows.map((r) => r.value),
      rows.map((r) => (r.detail === null ? null : JSON.stringify(r.detail))),
      rows.map((r) => r.pageId),
    ],
  );
}

/** Which of these app/version pairs are published remote versions (release_versions). */
export async function publishedRemoteVersions(db: Queryable, pairs: { app: string; version: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db.query<{ app: string; version: string }>(
    `SELECT v.app, v.version FROM release_versions v
     JOIN unnest($1::text[], $2::text[]) AS p(app, version) ON p.app = v.app AND p.version = v.version
     WHERE v.kind = 'remote'`,
    [pairs.map((p) => p.app), pairs.map((p) => p.version)],
  );
  return new Set(rows.map((r) => `${r.app}@${r.version}`));
}

/** Deletes events older than the retention (housekeeping); returns how many. */
export async function purgeRumEvents(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM rum_events WHERE at < $1::timestamptz - make_interval(days => $2::int) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now, RUM_RETENTION_DAYS],
  );
  return rows[0]?.n ?? 0;
}

export interface TopError {
  /** The error's name and message as stored (masked). */
  message: string;
  count: number;
  lastAt: Date;
  /** The symbolicated frames of the latest occurrence (file, line, column, name). */
  frames: { file: string; line: number | null; column: number | null; name: string | null }[];
}

/** The most frequent errors of a version since a moment, grouped by message, with the latest occurrence's frames. */
export async function topErrors(db: Queryable, app: string, version: string, since: Date, limit = 5): Promise<TopError[]> {
  const rows = await db.query<{ message: string; count: number; last_at: Date; frames: TopError['frames'] | null }>(
    `SELECT g.message, g.count, g.last_at,
            (SELECT e.detail->'frames' FROM rum_events e
              WHERE e.app = $1 AND e.version = $2 AND e.kind = 'error' AND e.at >= $3
                AND coalesce(e.detail->>'name', '') || ': ' || coalesce(e.detail->>'message', '') = g.message
              ORDER BY e.at DESC LIMIT 1) AS frames
     FROM (
       SELECT coalesce(detail->>'name', '') || ': ' || coalesce(detail->>'message', '') AS message,
              count(*)::int AS count, max(at) AS last_at
       FROM rum_events WHERE app = $1 AND version = $2 AND kind = 'error' AND at >= $3
       GROUP BY 1 ORDER BY count(*) DESC, max(at) DESC LIMIT $4
     ) g
     ORDER BY g.count DESC, g.last_at DESC`,
    [app, version, since, limit],
  );
  return rows.map((r) => ({
    message: r.message.replace(/^: /, ''),
    count: r.count,
    lastAt: r.last_at,
    frames: Array.isArray(r.frames) ? r.frames : [],
  }));
}
