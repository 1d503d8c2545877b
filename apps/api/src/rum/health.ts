import type { Queryable } from '../db/types.ts';

/**
 * The real-user numbers of one version of one remote since a moment (migration 018_rum.sql): what
 * `pnpm remotes --health`, the console's Releases page and the canary's judge (a canary against the live version)
 * read. Error rate is per page view: the share of views whose page load reported at least one error, so one
 * broken page that throws in a loop counts once.
 */
export interface VersionHealth {
  app: string;
  version: string;
  since: Date;
  /** Page views the version rendered (kind 'view'). */
  views: number;
  /** Errors reported (every one). */
  errors: number;
  /** Views with at least one error. */
  errorViews: number;
  /** errorViews / views, null without views. */
  errorRate: number | null;
  /** LCP and INP p75 in ms, CLS p75; null without samples. */
  lcpP75: number | null;
  lcpSamples: number;
  inpP75: number | null;
  inpSamples: number;
  clsP75: number | null;
  clsSamples: number;
}

interface Row {
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

/** One query over the version's events since `since` (index rum_events_version). */
export async function versionHealth(db: Queryable, app: string, version: string, since: Date): Promise<VersionHealth> {
  const [r] = await db.query<Row>(
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
  const row = r!;
  return {
    app,
    version,
    since,
    views: row.views,
    errors: row.errors,
    errorViews: row.error_views,
    errorRate: row.views > 0 ? Math.min(1, row.error_views / row.views) : null,
    lcpP75: row.lcp_p75 === null ? null : Number(row.lcp_p75),
    lcpSamples: row.lcp_n,
    inpP75: row.inp_p75 === null ? null : Number(row.inp_p75),
    inpSamples: row.inp_n,
    clsP75: row.cls_p75 === null ? null : Number(row.cls_p75),
    clsSamples: row.cls_n,
  };
}
