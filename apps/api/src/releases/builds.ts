import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { REMOTE_DECLARATION, SHELL_DECLARATION, type RemoteDeclaration, type ShellDeclaration } from '@lendview/vite-config/declaration';

/**
 * Build folders as releases see them (docs/releasing.md): the files of a build (dot files and folders such as
 * Vite's .vite/ are never part of a release), one digest of their names and bytes, and what the build declares
 * about itself (packages/vite-config/declaration.mjs: lendview-remote.json / lendview-shell.json).
 */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** The shell is released like a remote under this name (apps/shell). */
export const SHELL_APP = 'shell';
/** App folder names (apps/<app>), also the first part of /remotes/<app>/<version>/ and of storage keys. */
export const APP_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** A version is a folder and URL segment: package.json versions, prereleases and build metadata. */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;
/** One segment of a file path in a build: what a URL may carry, never a dot file, "." or "..". */
export const PATH_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._@+-]{0,199}$/;

export interface FileEntry {
  size: number;
  /** sha256 of the bytes, hex: the ETag, and the key of the in-memory cache of small files. */
  sha256: string;
}
/** Relative path ('assets/app-1a2b.js') → its size and hash. Precompressed copies are files of their own (x.js.br). */
export type FileMap = Record<string, FileEntry>;

export interface BuildFiles {
  files: FileMap;
  /** sha256 over every name and the hash of its bytes: equal digests, same release. */
  digest: string;
}

export type Declaration = RemoteDeclaration | ShellDeclaration;

export interface Build extends BuildFiles {
  kind: 'remote' | 'shell';
  app: string;
  /** The federation name (remote) or the package (shell). */
  name: string;
  version: string;
  declaration: Declaration;
  dir: string;
}

function walk(dir: string, prefix: string, out: string[]) {
  const entries = readdirSync(join(dir, prefix), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!PATH_SEGMENT.test(entry.name))
      throw new ReleaseError(`${join(dir, rel)}: "${entry.name}" cannot be part of a URL; rename it in the build`);
    if (entry.isDirectory()) walk(dir, rel, out);
    else if (entry.isFile()) out.push(rel);
  }
}

/** The files of a build folder with their hashes, and the digest of the whole (the same as the folder releases used). */
export function readBuildFiles(dir: string): BuildFiles {
  const paths: string[] = [];
  walk(dir, '', paths);
  const files: FileMap = {};
  const digest = createHash('sha256');
  for (const rel of paths) {
    const bytes = readFileSync(join(dir, rel));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    files[rel] = { size: bytes.length, sha256 };
    digest.update(rel + '\0');
    digest.update(sha256 + '\n');
  }
  return { files, digest: digest.digest('hex') };
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (e) {
    throw new ReleaseError(`${file} is not readable JSON: ${(e as Error).message}`);
  }
}

/** A remote's build: lendview-remote.json checked against the build's own mf-manifest.json. */
export function readRemoteBuild(dir: string, app: string): Build {
  const declFile = join(dir, REMOTE_DECLARATION);
  const mfFile = join(dir, 'mf-manifest.json');
  if (!existsSync(declFile) || !existsSync(mfFile)) {
    throw new ReleaseError(
      `${dir} is not a remote build (no ${REMOTE_DECLARATION} or mf-manifest.json): build it with @lendview/vite-config's remoteConfig`,
    );
  }
  const decl = readJson<RemoteDeclaration>(declFile);
  const mf = readJson<{ name?: string }>(mfFile);
  if (mf.name !== decl.name)
    throw new ReleaseError(`${dir}: mf-manifest.json names "${mf.name}", ${REMOTE_DECLARATION} names "${decl.name}"`);
  const version = String(decl.version);
  if (!VERSION.test(version)) throw new ReleaseError(`${dir}: "${version}" cannot be a folder name`);
  return { kind: 'remote', app, name: decl.name, version, declaration: decl, dir, ...readBuildFiles(dir) };
}

/** The shell's build: index.html and lendview-shell.json (the shared versions every remote is checked against). */
export function readShellBuild(dir: string): Build {
  const declFile = join(dir, SHELL_DECLARATION);
  if (!existsSync(join(dir, 'index.html')))
    throw new ReleaseError(`${dir} is not a shell build (no index.html): pnpm --filter @lendview/shell build`);
  if (!existsSync(declFile)) {
    throw new ReleaseError(
      `the shell build in ${dir} declares no shared versions (${SHELL_DECLARATION} is missing): rebuild it with pnpm --filter @lendview/shell build`,
    );
  }
  const decl = readJson<ShellDeclaration>(declFile);
  const version = String(decl.version);
  if (!VERSION.test(version)) throw new ReleaseError(`${dir}: "${version}" cannot be a folder name`);
  return { kind: 'shell', app: SHELL_APP, name: decl.package, version, declaration: decl, dir, ...readBuildFiles(dir) };
}

/** Files a Module Federation runtime must re-check on every load; every other file of a remote version is immutable. */
const REVALIDATE = new Set(['mf-manifest.json', 'remoteEntry.js']);
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Cache-Control of a released file (docs/releasing.md "Caching"): a remote's hashed assets and declaration for a
 * year, its two fixed-name entry files revalidated; the shell's assets/ for a year, its other files (index.html,
 * lendview-shell.json, favicon) revalidated.
 */
export function cacheControlOf(kind: 'remote' | 'shell', path: string): string {
  const base = path.replace(/\.(br|gz)$/, '');
  if (kind === 'remote') return REVALIDATE.has(base.slice(base.lastIndexOf('/') + 1)) ? 'no-cache' : IMMUTABLE;
  return base.startsWith('assets/') ? IMMUTABLE : 'no-cache';
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** Content-Type of a build file by its name (a precompressed copy has the type of the file it compresses). */
export function contentTypeOf(path: string): string {
  return TYPES[extname(path.replace(/\.(br|gz)$/, '')).toLowerCase()] ?? 'application/octet-stream';
}

/** Content-Encoding of a precompressed copy (x.js.br, x.js.gz), else undefined. */
export function contentEncodingOf(path: string): 'br' | 'gzip' | undefined {
  return path.endsWith('.br') ? 'br' : path.endsWith('.gz') ? 'gzip' : undefined;
}

/** The storage key of a released file: `<app>/<version>/<path>` (the folder layout RELEASES_DIR always had). */
export function storageKeyOf(app: string, version: string, path: string): string {
  return `${app}/${version}/${path}`;
}
