import type { Queryable } from '../db/types.ts';

/*
 * Real-user signals (migrations 018 and 031; docs/releasing.md "Real-user signals").
 *
 * VERIFIED ONLY: rum_events holds only events that count: those of a beacon with a valid signed view id
 * (services/rum.ts, rum/view-id.ts), a view and each web-vital once per view id, errors up to the per-view cap.
 * Everything else that was published goes to rum_unverified (insertUnverifiedRumEvents) and is read by nothing
 * that judges or reports. So the "verified only" filter is the table itself: every read of the judge, /ops/releases
 * and `pnpm remotes --health` (and any new one, e.g. the judge's samples) reads rum_events and never
 * rum_unverified. rum_events.page_id of a counted event is its view id's nonce (not the browser's page id), so
 * counting distinct page ids counts issued page views.
 */

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

/** Why a published event does not count (rum_unverified.reason, migration 031). */
export type UnverifiedReason = 'unsigned' | 'bad-signature' | 'expired' | 'mismatched' | 'replayed' | 'over-cap';

/** Events kept apart for investigation (rum_unverified): never in the judge's, the console's or --health's numbers. */
export async function insertUnverifiedRumEvents(db: Queryable, rows: (RumRow & { reason: UnverifiedReason })[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO rum_unverified (at, reason, app, version, route, kind, value, detail, page_id)
     SELECT t.at, t.reason, t.app, t.version, t.route, t.kind, t.value, t.detail::jsonb, t.page_id
     FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $9::text[])
       AS t(at, reason, app, version, route, kind, value, detail, page_id)`,
    [
      rows.map((r) => r.at),
      rows.map((r) => r.reason),
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

/** Unverified events by reason since a moment (the tests; an investigation). */
export async function unverifiedCounts(db: Queryable, since: Date): Promise<Record<string, number>> {
  const rows = await db.query<{ reason: string; n: number }>(
    'SELECT reason, count(*)::int AS n FROM rum_unverified WHERE at >= $1 GROUP BY reason',
    [since],
  );
  return Object.fromEntries(rows.map((r) => [r.reason, r.n]));
}

/** A key of rum_view_marks within one view id: `app@version@kind@fingerprint`. */
export const markKey = (m: { app: string; version: string; kind: string; fingerprint: string }) =>
  `${m.app}@${m.version}@${m.kind}@${m.fingerprint}`;

/** What view id `viewId` has presented so far, per markKey. */
export async function rumViewMarks(db: Queryable, viewId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ app: string; version: string; kind: string; fingerprint: string; n: number }>(
    'SELECT app, version, kind, fingerprint, n FROM rum_view_marks WHERE view_id = $1',
    [viewId],
  );
  return new Map(rows.map((r) => [markKey(r), r.n]));
}

/**
 * Adds `n` events of each (app, version, kind, fingerprint) to what view id `viewId` has presented (rum_view_marks)
 * and returns, per markKey, how many it had presented before this batch. One statement: two instances taking two
 * batches of one view id at once are serialised on the row, so each event has one place in the sequence.
 */
export async function markRumView(
  db: Queryable,
  viewId: string,
  expiresAt: Date,
  marks: { app: string; version: string; kind: string; fingerprint: string; n: number }[],
): Promise<Map<string, number>> {
  if (marks.length === 0) return new Map();
  const rows = await db.query<{ app: string; version: string; kind: string; fingerprint: string; n: number }>(
    `INSERT INTO rum_view_marks AS m (view_id, app, version, kind, fingerprint, n, expires_at)
     SELECT $1, t.app, t.version, t.kind, t.fingerprint, t.n, $2
     FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS t(app, version, kind, fingerprint, n)
     ON CONFLICT (view_id, app, version, kind, fingerprint) DO UPDATE SET n = m.n + EXCLUDED.n
     RETURNING m.app, m.version, m.kind, m.fingerprint, m.n`,
    [
      viewId,
      expiresAt,
      marks.map((m) => m.app),
      marks.map((m) => m.version),
      marks.map((m) => m.kind),
      marks.map((m) => m.fingerprint),
      marks.map((m) => m.n),
    ],
  );
  const added = new Map(marks.map((m) => [markKey(m), m.n]));
  return new Map(rows.map((r) => [markKey(r), r.n - (added.get(markKey(r)) ?? 0)]));
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

/**
 * Deletes events older than the retention, counted or not, and the marks of expired view ids (housekeeping);
 * returns how many events.
 */
export async function purgeRumEvents(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM rum_events WHERE at < $1::timestamptz - make_interval(days => $2::int) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now, RUM_RETENTION_DAYS],
  );
  const apart = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM rum_unverified WHERE at < $1::timestamptz - make_interval(days => $2::int) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now, RUM_RETENTION_DAYS],
  );
  await db.query('DELETE FROM rum_view_marks WHERE expires_at <= $1', [now]);
  return (rows[0]?.n ?? 0) + (apart[0]?.n ?? 0);
}

/** versionHealth's (rum/health.ts) figures of one version since a moment: one query (index rum_events_version). */
export interface VersionHealthRow {
  views: number;
  errors: number;
  error_views: number;
  lcp_p75: number | null;
  lcp_n: number;
  inp_p75: number | null;
  inp_n: number;
  cls_p75: number | null;
  cls_n: number;
}

export async function versionHealthRow(db: Queryable, app: string, version: string, since: Date): Promise<VersionHealthRow> {
  const [r] = await db.query<VersionHealthRow>(
    `SELECT
       count(*) FILTER (WHERE kind = 'view')::int AS views,
       count(*) FILTER (WHERE kind = 'error')::int AS errors,
       count(DISTINCT page_id) FILTER (WHERE kind = 'error')::int AS error_views,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'lcp') AS lcp_p75,
       count(*) FILTER (WHERE kind = 'lcp')::int AS lcp_n,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'inp') AS inp_p75,
       count(*) FILTER (WHERE kind = 'inp')::int AS inp_n,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'cls') AS cls_p75,
       count(*) FILTER (WHERE kind = 'cls')::int AS cls_n
     FROM rum_events WHERE app = $1 AND version = $2 AND at >= $3`,
    [app, version, since],
  );
  return r!;
}

/** A remote version the health summary lists (rum/summary.ts). */
export interface HealthVersionRow {
  app: string;
  version: string;
  live: boolean;
  canary: number | null;
  published_at: Date;
}

/** The remote versions that are live, a running canary, or reported anything since the moment asked. */
export async function healthVersionRows(db: Queryable, since: Date): Promise<HealthVersionRow[]> {
  return db.query<HealthVersionRow>(
    `SELECT v.app, v.version, (l.version IS NOT NULL) AS live, c.percent AS canary, v.published_at
     FROM release_versions v
     LEFT JOIN release_live l ON l.app = v.app AND l.version = v.version
     LEFT JOIN release_canary c ON c.app = v.app AND c.version = v.version
     WHERE v.kind = 'remote'
       AND (l.version IS NOT NULL OR c.version IS NOT NULL
            OR EXISTS (SELECT 1 FROM rum_events e WHERE e.app = v.app AND e.version = v.version AND e.at >= $1))`,
    [since],
  );
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

/** What the canary's analysis (releases/canary-analysis.ts) compares of one version in one step's window. */
export interface VersionSamples {
  views: number;
  /** Views with at least one error. */
  errorViews: number;
  /** Every LCP and INP value in ms. */
  lcp: number[];
  inp: number[];
}

/**
 * The counted events of one version from `since` (rum_events only: counted events, see the top of this file): its
 * views, its views with an error, and its raw LCP and INP values, for the canary judge's rank tests. One query.
 */
export async function versionSamples(db: Queryable, app: string, version: string, since: Date): Promise<VersionSamples> {
  const [r] = await db.query<{ views: number; error_views: number; lcp: number[] | null; inp: number[] | null }>(
    `SELECT count(*) FILTER (WHERE kind = 'view')::int AS views,
            count(DISTINCT page_id) FILTER (WHERE kind = 'error')::int AS error_views,
            array_agg(value) FILTER (WHERE kind = 'lcp' AND value IS NOT NULL) AS lcp,
            array_agg(value) FILTER (WHERE kind = 'inp' AND value IS NOT NULL) AS inp
       FROM rum_events WHERE app = $1 AND version = $2 AND at >= $3`,
    [app, version, since],
  );
  return {
    views: r!.views,
    errorViews: Math.min(r!.error_views, r!.views),
    lcp: (r!.lcp ?? []).map(Number),
    inp: (r!.inp ?? []).map(Number),
  };
}
