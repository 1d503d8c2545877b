import type { Queryable } from '../db/types.ts';
import { healthVersionRows, topErrors, type TopError } from '../repositories/rum.ts';
import { versionHealth, type VersionHealth } from './health.ts';

/**
 * The per-version summary of real-user signals (docs/releasing.md "Real-user signals"): `pnpm remotes --health`
 * and the console's Releases page. One row per remote version that is live or reported anything since the
 * moment asked, newest version first within each app, with versionHealth's numbers (health.ts).
 */
/** JSON-safe (it crosses the release control of a server holding the embedded database): times as ISO strings. */
export interface VersionSummary extends Omit<VersionHealth, 'since'> {
  live: boolean;
  /** The percentage of borrowers it serves when it is the app's running canary (migration 019), else null. */
  canary: number | null;
  publishedAt: string;
}

export interface HealthSummary {
  since: string;
  versions: VersionSummary[];
}

/** `--since 24h`, `90m`, `7d` (or a number of hours): the window's length in ms; null when not understood. */
export function parseSince(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(m|min|h|d)?$/i.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'h').toLowerCase();
  const ms = n * (unit === 'd' ? 86_400_000 : unit.startsWith('m') ? 60_000 : 3_600_000);
  return ms > 0 && ms <= 30 * 86_400_000 ? ms : null;
}

function numeric(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  const pb = b.split(/[.+-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

export async function healthSummary(db: Queryable, since: Date): Promise<HealthSummary> {
  const rows = await healthVersionRows(db, since);
  rows.sort((a, b) => (a.app < b.app ? -1 : a.app > b.app ? 1 : numeric(b.version, a.version)));
  const versions: VersionSummary[] = [];
  for (const r of rows) {
    const { since: _since, ...health } = await versionHealth(db, r.app, r.version, since);
    versions.push({ ...health, live: r.live, canary: r.canary, publishedAt: r.published_at.toISOString() });
  }
  return { since: since.toISOString(), versions };
}

/** The summary with each version's most frequent errors (symbolicated frames of the latest of each). */
export async function healthWithErrors(
  db: Queryable,
  since: Date,
  errorsPerVersion = 5,
): Promise<{ since: string; versions: (VersionSummary & { topErrors: TopError[] })[] }> {
  const summary = await healthSummary(db, since);
  const versions = [];
  for (const v of summary.versions) {
    versions.push({ ...v, topErrors: v.errors > 0 ? await topErrors(db, v.app, v.version, since, errorsPerVersion) : [] });
  }
  return { since: summary.since, versions };
}

const ms = (n: number | null) => (n === null ? '-' : `${Math.round(n)} ms`);
const pct = (n: number | null) => (n === null ? '-' : `${(n * 100).toFixed(1)} %`);

/** The table `pnpm remotes --health` prints. */
export function renderHealth(summary: HealthSummary, where: string): string[] {
  const head = ['REMOTE', 'VERSION', 'LIVE', 'VIEWS', 'ERRORS', 'ERROR RATE', 'LCP P75', 'INP P75', 'CLS P75'];
  const table = [head].concat(
    summary.versions.map((v) => [
      v.app,
      v.version,
      v.live ? 'live' : v.canary !== null ? `canary ${v.canary}%` : '',
      String(v.views),
      String(v.errors),
      pct(v.errorRate),
      ms(v.lcpP75),
      ms(v.inpP75),
      v.clsP75 === null ? '-' : v.clsP75.toFixed(3),
    ]),
  );
  const widths = head.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  return [
    `real-user signals since ${summary.since.replace('T', ' ').replace(/\.\d+Z$/, '')} UTC: ${where}`,
    ...table.map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    ),
    ...(summary.versions.length === 0 ? ['(no live remote version and no signals in this window)'] : []),
  ];
}
