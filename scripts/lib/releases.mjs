// The releases folder (RELEASES_DIR) and the operations on it: publish an immutable version, point the live
// manifest at a version, keep the history. Shared by `pnpm release`, `pnpm rollback`, `pnpm remotes` and the
// local publish of `pnpm start`. Layout and rules: docs/releasing.md.
//
//   RELEASES_DIR/remotes.json              the live manifest, read by the server on every request
//   RELEASES_DIR/history.json              every change of a live version: what, when, by whom
//   RELEASES_DIR/<app>/<version>/          one published build, never changed once released
//   RELEASES_DIR/.lock                     held while one command changes the folder
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { REMOTE_DECLARATION, SHELL_DECLARATION, incompatibilities } from '../../packages/vite-config/declaration.mjs';
import { ROOT } from '../remotes.mjs';

export class ReleaseError extends Error {
  name = 'ReleaseError';
}

/** --releases DIR, else RELEASES_DIR (relative to the repo root, as the server reads it), else releases/. */
export function releasesDirOf(flag) {
  if (flag) return resolve(flag);
  return resolve(ROOT, process.env.RELEASES_DIR || 'releases');
}

/** --shell DIR, else SHELL_DIR, else apps/shell/dist: the shell the server serves, i.e. the live one. */
export function shellDirOf(flag) {
  if (flag) return resolve(flag);
  return resolve(ROOT, process.env.SHELL_DIR || 'apps/shell/dist');
}

function readJson(file, fallback) {
  if (!existsSync(file)) return fallback;
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Written next to the target and renamed over it: a reader sees the old file or the new one, never half. */
export function writeJsonAtomic(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n');
  renameSync(tmp, file);
}

export function readManifest(releases) {
  return readJson(join(releases, 'remotes.json'), { remotes: [] });
}

export function readHistory(releases) {
  return readJson(join(releases, 'history.json'), { events: [] });
}

/** user@host, or RELEASED_BY (CI sets it to the pipeline and commit). */
export function actor() {
  if (process.env.RELEASED_BY) return process.env.RELEASED_BY;
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    /* no passwd entry in some containers */
  }
  return `${user}@${hostname()}`;
}

/**
 * Runs `fn` while holding RELEASES_DIR/.lock, so two releases at once cannot both read the manifest and
 * one of them lose its change. A lock older than two minutes is from a command that died; it is taken over.
 */
export async function withLock(releases, fn) {
  mkdirSync(releases, { recursive: true });
  const lock = join(releases, '.lock');
  const started = Date.now();
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released between our two calls
      }
      if (age > 120_000) rmSync(lock, { force: true });
      else if (Date.now() - started > 30_000)
        throw new ReleaseError(`${lock} is held by another release; try again, or remove it if none is running`);
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Files of a build, relative, sorted; dot files and folders (vite's .vite/) are not part of a release. */
function filesOf(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesOf(dir, rel));
    else out.push(rel);
  }
  return out;
}

/** One digest of a build's names and bytes: equal digests, same release. */
export function digestOf(dir) {
  const hash = createHash('sha256');
  for (const rel of filesOf(dir)) {
    hash.update(rel + '\0');
    hash.update(
      createHash('sha256')
        .update(readFileSync(join(dir, rel)))
        .digest('hex') + '\n',
    );
  }
  return hash.digest('hex');
}

/** lendview-remote.json of a build folder, checked against the build's own mf-manifest.json. */
export function readBuild(dir) {
  const declFile = join(dir, REMOTE_DECLARATION);
  const mfFile = join(dir, 'mf-manifest.json');
  if (!existsSync(declFile) || !existsSync(mfFile)) {
    throw new ReleaseError(
      `${dir} is not a remote build (no ${REMOTE_DECLARATION} or mf-manifest.json): build it with @lendview/vite-config's remoteConfig`,
    );
  }
  const decl = JSON.parse(readFileSync(declFile, 'utf8'));
  const mf = JSON.parse(readFileSync(mfFile, 'utf8'));
  if (mf.name !== decl.name)
    throw new ReleaseError(`${dir}: mf-manifest.json names "${mf.name}", ${REMOTE_DECLARATION} names "${decl.name}"`);
  if (!/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(String(decl.version)))
    throw new ReleaseError(`${dir}: "${decl.version}" cannot be a folder name`);
  return decl;
}

/** The live shell's lendview-shell.json; a release is refused without it (nothing to check against). */
export function readShell(shellDir) {
  const file = join(shellDir, SHELL_DECLARATION);
  if (!existsSync(file)) {
    throw new ReleaseError(
      `the live shell (${shellDir}) declares no shared versions (${SHELL_DECLARATION} is missing): rebuild it with pnpm --filter @lendview/shell build`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Throws, naming each package, what the remote needs and what the shell provides, when they do not fit. */
export function assertFitsShell(decl, shellDir) {
  const shell = readShell(shellDir);
  const problems = incompatibilities(decl, shell);
  if (problems.length > 0) {
    throw new ReleaseError(
      `${decl.name} ${decl.version} cannot go live on the shell in ${shellDir} (${shell.package} ${shell.version}):\n` +
        problems.map((p) => `  - ${p}`).join('\n') +
        `\nRelease a shell that provides these first, or build the remote against what the shell provides.`,
    );
  }
}

/**
 * Copies `buildDir` to RELEASES_DIR/<app>/<version>/ once. The same version with the same bytes is a no-op
 * ('identical'); with other bytes it is refused: a published version is immutable (browsers and CDNs keep
 * its files for a year), a change needs a new version.
 */
export function publishVersion(releases, app, version, buildDir) {
  const target = join(releases, app, version);
  if (existsSync(target)) {
    if (digestOf(target) === digestOf(buildDir)) return 'identical';
    throw new ReleaseError(
      `${app} ${version} is already published with different content (${target}). Published versions never change: ` +
        `bump the version (pnpm changeset, then pnpm changeset version) and release again.`,
    );
  }
  mkdirSync(join(releases, app), { recursive: true });
  // Copied under a temporary name, then renamed: the version folder appears complete or not at all.
  const tmp = join(releases, app, `.${version}.${process.pid}.tmp`);
  rmSync(tmp, { recursive: true, force: true });
  cpSync(buildDir, tmp, {
    recursive: true,
    filter: (src) =>
      !src
        .slice(buildDir.length)
        .split(/[\\/]/)
        .some((s) => s.startsWith('.')),
  });
  renameSync(tmp, target);
  return 'published';
}

/** Versions of `app` published in RELEASES_DIR (folders holding a remote build). */
export function publishedVersions(releases, app) {
  const dir = join(releases, app);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((v) => !v.startsWith('.') && existsSync(join(dir, v, 'mf-manifest.json')));
}

/**
 * Points the live manifest's entry for `app` at `decl.version` (entry URL and routes from the published
 * build's own declaration) and records it in the history. The manifest is written last and atomically: it
 * is the switch. Returns the version that was live before.
 */
export function goLive(releases, app, decl, action) {
  const manifest = readManifest(releases);
  const entry = {
    name: decl.name,
    app,
    version: decl.version,
    entry: `/remotes/${app}/${decl.version}/mf-manifest.json`,
    routes: decl.routes,
  };
  const at = manifest.remotes.findIndex((r) => (r.app ?? r.name) === app);
  const previous = at >= 0 ? manifest.remotes[at].version : null;
  if (at >= 0) manifest.remotes[at] = entry;
  else manifest.remotes.push(entry);
  if (previous !== decl.version) {
    const history = readHistory(releases);
    history.events.push({ at: new Date().toISOString(), app, name: decl.name, version: decl.version, previous, action, by: actor() });
    writeJsonAtomic(join(releases, 'history.json'), history);
  }
  writeJsonAtomic(join(releases, 'remotes.json'), manifest);
  return previous;
}
