// The remotes manifest (/remotes.json) decides which build of each remote is live and which top-level
// routes it owns, so releasing or rolling back a remote, or giving it a new route, needs no shell build.
import { getSharedParams } from '@lendview/api-client';

export interface RemoteEntry {
  /** Module Federation name, equal to the `name` in the remote's own mf-manifest.json. */
  name: string;
  /** Folder under apps/ and under /remotes/. */
  app: string;
  version: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
  /** Top-level paths the remote renders, matched exactly ("/" only matches "/"). */
  routes: string[];
}

/** A route more than one live remote claims (the server resolved it: only the owner lists it). Issue 16. */
export interface RouteConflict {
  route: string;
  /** Federation name of the remote that renders it. */
  owner: string;
  /** The other remotes that claim it too. */
  others: string[];
}

export interface RemotesManifest {
  remotes: RemoteEntry[];
  /** Routes in conflict, when the server found any (docs/releasing.md "Route ownership"). */
  conflicts?: RouteConflict[];
  /** This browser opened a preview link (docs/releasing.md "Preview"): the shell shows the preview bar. */
  preview?: ManifestPreview;
  /** The page's view id signed by the server: sent with its real-user signals (src/rum; docs/releasing.md). */
  rumView?: string;
}

/** The previewed version; `problem` when it cannot be shown on what is live now (the live entry is served). */
export interface ManifestPreview {
  app: string;
  version: string;
  problem?: string;
}

function isPreview(p: unknown): p is ManifestPreview {
  if (typeof p !== 'object' || p === null) return false;
  const e = p as Record<string, unknown>;
  return typeof e.app === 'string' && typeof e.version === 'string' && (e.problem === undefined || typeof e.problem === 'string');
}

/** A device id the server takes as a cohort key (apps/api routes/preview: printable ASCII, 4 to 128). */
const DEVICE_ID = /^[\x21-\x7e]{4,128}$/;
/** packages/contracts DEVICE_HEADER, as the api-client sends it on API calls. */
const DEVICE_HEADER = 'X-Lv-Device';

function isRemoteEntry(r: unknown): r is RemoteEntry {
  if (typeof r !== 'object' || r === null) return false;
  const e = r as Record<string, unknown>;
  return (
    typeof e.name === 'string' &&
    typeof e.entry === 'string' &&
    typeof e.version === 'string' &&
    Array.isArray(e.routes) &&
    e.routes.every((p: unknown) => typeof p === 'string')
  );
}

function isRouteConflict(c: unknown): c is RouteConflict {
  if (typeof c !== 'object' || c === null) return false;
  const e = c as Record<string, unknown>;
  return (
    typeof e.route === 'string' && typeof e.owner === 'string' && Array.isArray(e.others) && e.others.every((o) => typeof o === 'string')
  );
}

export function parseManifest(json: unknown): RemotesManifest {
  const list: unknown = (json as { remotes?: unknown })?.remotes;
  if (!Array.isArray(list)) throw new Error('remotes.json has no "remotes" list');
  const remotes = (list as unknown[]).filter(isRemoteEntry);
  const conflicts: unknown = (json as { conflicts?: unknown }).conflicts;
  return {
    remotes: remotes.map((r) => ({ ...r, app: typeof r.app === 'string' ? r.app : r.name })),
    ...(Array.isArray(conflicts) ? { conflicts: (conflicts as unknown[]).filter(isRouteConflict) } : {}),
    ...(isPreview((json as { preview?: unknown }).preview) ? { preview: (json as { preview: ManifestPreview }).preview } : {}),
    ...(typeof (json as { rumView?: unknown }).rumView === 'string' ? { rumView: (json as { rumView: string }).rumView } : {}),
  };
}

/** A path as routes are matched: exact, trailing slashes ignored ("/" stays "/"). */
export function normalPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * The remote that owns a pathname: the first remote, in manifest order, that lists it (the server keeps a route
 * in its owner's list only, and orders nothing else). Trailing slashes are ignored, case is not (routes are
 * written as the spec names them).
 */
export function findOwner(manifest: RemotesManifest, pathname: string): RemoteEntry | undefined {
  const path = normalPath(pathname);
  return manifest.remotes.find((r) => r.routes.some((route) => normalPath(route) === path));
}

/**
 * The conflict on a pathname, if any: what the server listed in `conflicts`, or, from a server that lists none,
 * several remotes listing the route (the first one renders it). Undefined when one remote owns it alone.
 */
export function findConflict(manifest: RemotesManifest, pathname: string): RouteConflict | undefined {
  const path = normalPath(pathname);
  const listed = manifest.conflicts?.find((c) => normalPath(c.route) === path);
  if (listed) return listed;
  const claimants = manifest.remotes.filter((r) => r.routes.some((route) => normalPath(route) === path));
  if (claimants.length < 2) return undefined;
  return { route: path, owner: claimants[0]!.name, others: claimants.slice(1).map((r) => r.name) };
}

export async function fetchManifest(
  fetchImpl: typeof fetch = fetch,
  deviceId: string | undefined = getSharedParams().dId,
): Promise<RemotesManifest> {
  // The server answers with Cache-Control: no-store; a plain fetch can reuse the <link rel=preload> in index.html.
  // With a device id (dId) the request names it (X-Lv-Device): a canary's share of borrowers is chosen by it, so a
  // device gets the same version on every load (docs/releasing.md "Canary"); without one, a cookie the server sets.
  // Its own URL: Chromium answers a fetch of the preloaded URL with the preload's response whatever the headers,
  // and the preload (index.html) cannot carry the device id.
  const res =
    deviceId && DEVICE_ID.test(deviceId)
      ? await fetchImpl('/remotes.json?by=device', { headers: { [DEVICE_HEADER]: deviceId } })
      : await fetchImpl('/remotes.json');
  if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
  // The page's view id signed by the server (its real-user signals count only with it: src/rum).
  const rumView = typeof res.headers?.get === 'function' ? res.headers.get('x-lv-rum-view') : null;
  const manifest = parseManifest(await res.json());
  return rumView ? { ...manifest, rumView } : manifest;
}
