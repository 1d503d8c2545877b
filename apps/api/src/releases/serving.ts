import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { PATH_SEGMENT, SHELL_APP, VERSION, APP_NAME, cacheControlOf, contentTypeOf, storageKeyOf, type FileMap } from './builds.ts';
import { liveReleases, newestVersionWithFile, versionFiles, type LiveRow, type ReleaseKind, type ReleaseSource } from './catalog.ts';
import { normalRoute, routeOwnership, type RouteOwnership } from './route-ownership.ts';
import { routesOfDeclaration, runningCanaries } from './canary.ts';

/**
 * What the server reads to serve releases (src/routes/static, routes/landing, plugins/app/errors.ts): the live
 * versions from the database on every request (so every instance follows a release at once), a version's list
 * of files (cached: a released version never changes), and the files themselves from the storage provider. A
 * request only ever reaches a file the database lists for that version: the storage key is built from the row,
 * never from the URL.
 */
export interface ManifestEntry {
  name: string;
  app: string;
  version: string;
  entry: string;
  routes: string[];
}

/** A route more than one live remote claims (route-ownership.ts): who serves it, who claims it too (federation names). */
export interface ManifestConflict {
  route: string;
  owner: string;
  others: string[];
}

/** /remotes.json: `conflicts` only when live remotes claim a route together (older data, a direct edit). */
export interface RemotesManifest {
  remotes: ManifestEntry[];
  conflicts?: ManifestConflict[];
}

/**
 * Route ownership applied to a manifest (issue 16 item 1): a route several live remotes claim stays only in its
 * owner's `routes` (route-ownership.ts routeOwnership: the earliest unbroken claim, then the app name), so every shell and
 * every instance send it to the same remote, and `conflicts` names the route, its owner and the others. Entries
 * are matched by app, so it applies to whichever version of each app a request is served.
 */
export function withRouteOwnership(manifest: { remotes: ManifestEntry[] }, ownership: RouteOwnership): RemotesManifest {
  if (ownership.conflicts.length === 0) return manifest;
  const nameOf = (app: string) => manifest.remotes.find((r) => r.app === app)?.name ?? app;
  return {
    remotes: manifest.remotes.map((r) => ({
      ...r,
      routes: r.routes.filter((route) => (ownership.owners.get(normalRoute(route)) ?? r.app) === r.app),
    })),
    conflicts: ownership.conflicts.map((c) => ({ route: c.route, owner: nameOf(c.owner), others: c.others.map(nameOf) })),
  };
}

export interface CachedVersion {
  app: string;
  version: string;
  kind: ReleaseKind;
  files: FileMap;
  source: ReleaseSource;
  at: number;
}

/** A local build may be replaced by the next `pnpm start`: its file list is re-read after this long. */
const LOCAL_TTL_MS = 2_000;
const MAX_VERSIONS = 256;
/** Files up to this size are kept in memory by content hash (index.html, entry files, most chunks). */
const SMALL_FILE = 256 * 1024;
const CACHE_BYTES = 32 * 1024 * 1024;

export class ReleaseServing {
  private readonly versions = new Map<string, CachedVersion>();
  private readonly contents = new Map<string, Buffer>();
  private cachedBytes = 0;

  constructor(
    private readonly db: Queryable,
    private readonly storage: StorageProvider,
    /** ASSET_ORIGIN without a trailing slash, or '' for this server's own origin. */
    readonly assetOrigin: string = '',
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Every live version, read now (one small query): the truth every instance shares. */
  live(): Promise<LiveRow[]> {
    return liveReleases(this.db);
  }

  /** /remotes.json: each live remote with its entry under the asset origin; null when no remote is live. `given`: the live rows, when already read. */
  async manifest(given?: LiveRow[]): Promise<RemotesManifest | null> {
    const live = given ?? (await this.live());
    const remotes = live.filter((r) => r.kind === 'remote');
    if (remotes.length === 0) return null;
    return withRouteOwnership(
      {
        remotes: remotes.map((r) => ({
          name: r.name,
          app: r.app,
          version: r.version,
          entry: `${this.assetOrigin}/remotes/${r.app}/${r.version}/mf-manifest.json`,
          routes: routesOf(r),
        })),
      },
      await routeOwnership(this.db, live),
    );
  }

  /**
   * The page routes the live remotes declare, and those of running canaries: a canary may add a route, and its
   * borrowers load it directly (200 and the shell; the shell shows not-found to a borrower outside the canary).
   */
  async pageRoutes(): Promise<string[]> {
    const [live, canaries] = await Promise.all([this.live(), runningCanaries(this.db)]);
    return [...live.filter((r) => r.kind === 'remote').flatMap(routesOf), ...canaries.flatMap((c) => routesOfDeclaration(c.declaration))];
  }

  /** A published version's file list (cached; a local build's for LOCAL_TTL_MS), or null. */
  async version(app: string, version: string): Promise<CachedVersion | null> {
    if (!APP_NAME.test(app) || !VERSION.test(version)) return null;
    const key = `${app}@${version}`;
    const hit = this.versions.get(key);
    if (hit && (hit.source !== 'local' || Date.now() - hit.at < LOCAL_TTL_MS)) return hit;
    const row = await versionFiles(this.db, app, version);
    if (!row) return null;
    const cached: CachedVersion = { app, version, kind: row.kind, files: row.files, source: row.source, at: Date.now() };
    this.versions.delete(key);
    this.versions.set(key, cached);
    if (this.versions.size > MAX_VERSIONS) this.versions.delete(this.versions.keys().next().value!);
    return cached;
  }

  /** After a switch in this process (release control): nothing cached is about live versions, but local lists may change. */
  forget(): void {
    this.versions.clear();
  }

  /** The live shell's version, with its files; null when no shell is live. */
  async liveShell(live?: LiveRow[]): Promise<CachedVersion | null> {
    const row = (live ?? (await this.live())).find((r) => r.app === SHELL_APP);
    return row ? this.version(SHELL_APP, row.version) : null;
  }

  /** The live shell's index.html (pages are answered with it), or null when no shell is live. */
  async shellIndex(live?: LiveRow[]): Promise<Buffer | null> {
    const shell = await this.liveShell(live);
    const entry = shell?.files['index.html'];
    if (!shell || !entry) return null;
    return this.bytes(shell, 'index.html', entry.sha256, entry.size);
  }

  /**
   * A file of the shell at /<path>: from the live shell, else from the newest earlier shell that has it (a page
   * loaded before a shell release still gets its hashed assets). Null: not a shell file.
   */
  async shellFileVersion(path: string): Promise<CachedVersion | null> {
    if (!validPath(path)) return null;
    const live = await this.liveShell();
    if (live?.files[path]) return live;
    const older = await newestVersionWithFile(this.db, SHELL_APP, path);
    return older ? this.version(SHELL_APP, older) : null;
  }

  /** A remote's file at /remotes/<app>/<version>/<path>: the version when it is published and lists the file. */
  async remoteFileVersion(app: string, version: string, path: string): Promise<CachedVersion | null> {
    if (!validPath(path)) return null;
    const v = await this.version(app, version);
    return v && v.kind === 'remote' && v.files[path] ? v : null;
  }

  /** The bytes of a listed file (small files from memory by content hash). */
  async bytes(v: CachedVersion, path: string, sha256: string, size: number): Promise<Buffer | null> {
    const cached = this.contents.get(sha256);
    if (cached) {
      this.contents.delete(sha256);
      this.contents.set(sha256, cached);
      return cached;
    }
    const bytes = await this.storage.get(storageKeyOf(v.app, v.version, path));
    if (!bytes) {
      this.log?.error({ app: v.app, version: v.version, path }, 'release file listed in the database is missing from storage');
      return null;
    }
    if (size <= SMALL_FILE) this.remember(sha256, bytes);
    return bytes;
  }

  private remember(sha256: string, bytes: Buffer) {
    this.contents.set(sha256, bytes);
    this.cachedBytes += bytes.length;
    while (this.cachedBytes > CACHE_BYTES) {
      const oldest = this.contents.keys().next().value!;
      this.cachedBytes -= this.contents.get(oldest)!.length;
      this.contents.delete(oldest);
    }
  }

  /**
   * Sends `path` of a version: the build's .br / .gz copy when the browser accepts it (with the file's own type),
   * its ETag (the content hash: a 304 when unchanged), Cache-Control by kind and path (builds.ts cacheControlOf),
   * small files from memory, large ones streamed from storage. Resolves false when storage lost the file.
   */
  async send(req: FastifyRequest, reply: FastifyReply, v: CachedVersion, requested: string): Promise<boolean> {
    let path = requested;
    let encoding: 'br' | 'gzip' | undefined;
    const direct = /\.(br|gz)$/.test(requested);
    if (!direct) {
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      if (accepted.has('br') && v.files[`${requested}.br`]) [path, encoding] = [`${requested}.br`, 'br'];
      else if (accepted.has('gzip') && v.files[`${requested}.gz`]) [path, encoding] = [`${requested}.gz`, 'gzip'];
    }
    const entry = v.files[path]!;
    const etag = `"${entry.sha256.slice(0, 40)}"`;
    const headers = () => {
      reply
        .header('cache-control', cacheControlOf(v.kind, requested))
        .header('etag', etag)
        // The body depends on Accept-Encoding: a shared cache must keep one copy per encoding.
        .header('vary', 'accept-encoding')
        .type(direct ? 'application/octet-stream' : contentTypeOf(requested));
      if (encoding) reply.header('content-encoding', encoding);
    };
    if (etagMatches(req.headers['if-none-match'], etag)) {
      headers();
      await reply.code(304).send();
      return true;
    }
    // The bytes first: a file storage lost answers the caller's 404, without this file's headers.
    if (entry.size <= SMALL_FILE) {
      const bytes = await this.bytes(v, path, entry.sha256, entry.size);
      if (!bytes) return false;
      headers();
      await reply.send(bytes);
      return true;
    }
    const stream = await this.storage.stream(storageKeyOf(v.app, v.version, path));
    if (!stream) {
      this.log?.error({ app: v.app, version: v.version, path }, 'release file listed in the database is missing from storage');
      return false;
    }
    headers();
    await reply.header('content-length', String(stream.size)).send(stream.body);
    return true;
  }
}

function routesOf(r: LiveRow): string[] {
  const routes = (r.declaration as { routes?: unknown }).routes;
  return Array.isArray(routes) ? routes.filter((x): x is string => typeof x === 'string' && x.startsWith('/')) : [];
}

function validPath(path: string): boolean {
  return path.length > 0 && path.length <= 1024 && path.split('/').every((s) => PATH_SEGMENT.test(s));
}

/** Encodings the client accepts (q > 0). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    out.add(name.trim());
  }
  return out;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live releases and their files (src/releases/serving.ts). */
    releases: ReleaseServing;
  }
}
