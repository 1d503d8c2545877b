import type { Queryable } from '../db/types.ts';
import type { LiveRow } from './catalog.ts';
import { inCanary, routesOfDeclaration, runningCanaries } from './canary.ts';
import { previewedVersion, previewProblem, type PreviewClaim } from './preview.ts';
import type { ManifestEntry, ReleaseServing } from './serving.ts';

/**
 * /remotes.json per request (issue 16 items 3 and 5): the manifest every instance builds from the live versions
 * (serving.ts, with route ownership), then for this browser:
 * - each remote with a running canary: the canary's entry when the borrower's cohort bucket (canary.ts
 *   cohortBucket over the device id, else the cohort cookie) falls below its percentage, marked `"canary": true`;
 * - the previewed remote (a valid preview cookie): that version's entry, marked `"preview": true`, and
 *   `preview: { app, version }` at the top for the shell's bar (with `problem` instead when the version cannot be
 *   previewed on what is live now: the live entry stays).
 * The cohort key is asked for only when a canary runs (the first-party cookie is set only then).
 */
export interface ServedEntry extends ManifestEntry {
  canary?: true;
  preview?: true;
}

export interface ServedManifest {
  remotes: ServedEntry[];
  conflicts?: unknown[];
  preview?: { app: string; version: string; problem?: string };
}

export interface Viewer {
  /** The cohort key (device id, else the cohort cookie, made on demand). */
  cohortKey: () => string;
  /** The checked claim of this browser's preview cookie. */
  preview: PreviewClaim | null;
}

export async function manifestFor(
  serving: ReleaseServing,
  db: Queryable,
  viewer: Viewer,
  live?: LiveRow[],
): Promise<ServedManifest | null> {
  const [rows, canaries] = await Promise.all([live ?? serving.live(), runningCanaries(db)]);
  const base = (await serving.manifest(rows)) as ServedManifest | null;
  if (!base) return null;
  if (canaries.length === 0 && !viewer.preview) return base;
  let remotes: ServedEntry[] = base.remotes;
  const replace = (app: string, entry: Omit<ServedEntry, 'routes'> & { declaration: unknown }) => {
    // The replaced version's routes, less any another entry of this manifest owns (route ownership stays).
    const others = new Set(remotes.filter((r) => r.app !== app).flatMap((r) => r.routes));
    const { declaration, ...rest } = entry;
    const next: ServedEntry = { ...rest, routes: routesOfDeclaration(declaration as never).filter((r) => !others.has(r)) };
    remotes = remotes.some((r) => r.app === app) ? remotes.map((r) => (r.app === app ? next : r)) : [...remotes, next];
  };
  const entryOf = (app: string, version: string) => `${serving.assetOrigin}/remotes/${app}/${version}/mf-manifest.json`;

  for (const c of canaries) {
    if (viewer.preview?.app === c.app) continue;
    if (!remotes.some((r) => r.app === c.app)) continue;
    if (!inCanary(c.app, viewer.cohortKey(), c.percent)) continue;
    replace(c.app, {
      name: c.name,
      app: c.app,
      version: c.version,
      entry: entryOf(c.app, c.version),
      canary: true,
      declaration: c.declaration,
    });
  }

  let preview: ServedManifest['preview'];
  if (viewer.preview) {
    const { app, version } = viewer.preview;
    const row = await previewedVersion(db, app, version);
    const problem = previewProblem(row, { app, version }, rows);
    if (problem) preview = { app, version, problem };
    else {
      preview = { app, version };
      replace(app, { name: row!.name, app, version, entry: entryOf(app, version), preview: true, declaration: row!.declaration });
    }
  }
  return { ...base, remotes, ...(preview ? { preview } : {}) };
}
