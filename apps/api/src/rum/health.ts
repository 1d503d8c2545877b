import type { Queryable } from '../db/types.ts';
import { versionHealthRow } from '../repositories/rum.ts';

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

/** One query over the version's events since `since` (repositories/rum.ts versionHealthRow). */
export async function versionHealth(db: Queryable, app: string, version: string, since: Date): Promise<VersionHealth> {
  const row = await versionHealthRow(db, app, version, since);
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
