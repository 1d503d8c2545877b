// The remotes manifest (/remotes.json) decides which build of each remote is live and which top-level
// routes it owns, so releasing or rolling back a remote, or giving it a new route, needs no shell build.
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

export interface RemotesManifest {
  remotes: RemoteEntry[];
}

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

export function parseManifest(json: unknown): RemotesManifest {
  const list: unknown = (json as { remotes?: unknown })?.remotes;
  if (!Array.isArray(list)) throw new Error('remotes.json has no "remotes" list');
  const remotes = (list as unknown[]).filter(isRemoteEntry);
  return { remotes: remotes.map((r) => ({ ...r, app: typeof r.app === 'string' ? r.app : r.name })) };
}

/** The remote that owns a pathname. Trailing slashes are ignored, case is not (routes are written as the spec names them). */
export function findOwner(manifest: RemotesManifest, pathname: string): RemoteEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return manifest.remotes.find((r) => r.routes.includes(path));
}

export async function fetchManifest(fetchImpl: typeof fetch = fetch): Promise<RemotesManifest> {
  // The server answers with Cache-Control: no-store; a plain fetch can reuse the <link rel=preload> in index.html.
  const res = await fetchImpl('/remotes.json');
  if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
  return parseManifest(await res.json());
}
