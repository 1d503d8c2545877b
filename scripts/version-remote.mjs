#!/usr/bin/env node
// `pnpm version-remote <app>`: a team versions its own remote (or the shell) and nothing else (issue 16 item 2).
// It applies only the pending changesets (.changeset/*.md) that name the app's package: the highest bump among
// them sets the new package.json "version", their summaries become its CHANGELOG.md entry (the format of
// `changeset version`), and the package is taken out of those changeset files; a file that named only it is
// deleted. Every other package's intent stays pending, untouched. `pnpm changeset` still writes the intent.
// docs/releasing.md "Versions and changelogs".
//
// Exit codes: 0 versioned, 1 nothing to apply or refused, 2 bad arguments.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT } from './remotes.mjs';

export const USAGE = `usage: pnpm version-remote <app> [--dry-run]

  <app>      an app folder (marketing, loan-details, shell, ...) or a remote's federation name (loan_details)
  --dry-run  print what it would do, change nothing

Applies only the pending changesets that name this app's package: bumps its package.json version (the highest
bump among them), writes its CHANGELOG.md entry and removes the package from those changesets (deleting a file
that named only it). Every other pending changeset stays as it is.`;

export class VersionError extends Error {}

const BUMPS = ['patch', 'minor', 'major'];

/** The apps of a checkout: apps/<app>/package.json, with the remote's federation name when it has one. */
function findApp(root, id) {
  const apps = readdirSync(join(root, 'apps'))
    .filter((app) => existsSync(join(root, 'apps', app, 'package.json')))
    .map((app) => ({ app, dir: join(root, 'apps', app), pkg: JSON.parse(readFileSync(join(root, 'apps', app, 'package.json'), 'utf8')) }));
  const found = apps.find((a) => a.app === id || a.pkg.lendview?.remote === id);
  if (!found) throw new VersionError(`no app "${id}"; apps: ${apps.map((a) => a.app).join(', ')}`);
  return found;
}

/**
 * A changeset file: its front matter (package -> bump, one per line, names quoted or not) and its summary.
 * Throws on a file that is not a changeset, rather than guess.
 */
export function parseChangeset(text, file = 'changeset') {
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  if (!m) throw new VersionError(`${file} is not a changeset (no front matter between --- lines)`);
  const releases = [];
  for (const line of m[1].split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const entry = /^\s*(?:"([^"]+)"|'([^']+)'|([^\s:'"]+))\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
    if (!entry) throw new VersionError(`${file}: cannot read the line ${JSON.stringify(line)}`);
    releases.push({ name: entry[1] ?? entry[2] ?? entry[3], type: entry[4] });
  }
  return { releases, summary: m[2].trim() };
}

/** The front matter and summary written back, in the layout `pnpm changeset` writes. */
export function formatChangeset({ releases, summary }) {
  return `---\n${releases.map((r) => `"${r.name}": ${r.type}`).join('\n')}\n---\n\n${summary}\n`;
}

/** semver's inc for the three bumps (a prerelease patch/minor/major becomes its release when it can). */
export function bumpVersion(version, type) {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(version);
  if (!m) throw new VersionError(`"${version}" is not a semver version`);
  let [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const pre = m[4] !== undefined;
  if (type === 'major') {
    if (!(pre && minor === 0 && patch === 0)) major += 1;
    [minor, patch] = [0, 0];
  } else if (type === 'minor') {
    if (!(pre && patch === 0)) minor += 1;
    patch = 0;
  } else if (type === 'patch') {
    if (!pre) patch += 1;
  } else throw new VersionError(`unknown bump ${type}`);
  return `${major}.${minor}.${patch}`;
}

/** The short hash of the commit that added a changeset file, as `changeset version` writes it (none outside git). */
function commitOf(root, file) {
  const r = spawnSync('git', ['log', '--diff-filter=A', '--format=%h', '--abbrev=7', '-1', '--', file], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().slice(0, 7) : '';
}

/** One release line of @changesets/cli/changelog: "- <commit>: first line", further lines indented. */
function releaseLine(summary, commit) {
  const [first, ...rest] = summary.split('\n').map((l) => l.trimEnd());
  return `- ${commit ? `${commit}: ` : ''}${first}${rest.length > 0 ? `\n${rest.map((l) => `  ${l}`).join('\n')}` : ''}`;
}

/** The CHANGELOG.md entry of one version: its changes grouped by bump, highest first. */
export function changelogEntry(version, changes) {
  const parts = [`## ${version}`];
  for (const type of ['major', 'minor', 'patch']) {
    const lines = changes.filter((c) => c.type === type).map((c) => releaseLine(c.summary, c.commit));
    if (lines.length > 0) parts.push(`### ${type[0].toUpperCase()}${type.slice(1)} Changes`, lines.join('\n'));
  }
  return parts.join('\n\n');
}

function prependChangelog(file, pkgName, entry) {
  if (!existsSync(file)) return `# ${pkgName}\n\n${entry}\n`;
  const text = readFileSync(file, 'utf8');
  const header = `# ${pkgName}`;
  if (text.startsWith(header)) return `${header}\n\n${entry}\n\n${text.slice(header.length).replace(/^\s+/, '')}`;
  return `${entry}\n\n${text}`;
}

/**
 * Versions one app of the checkout at `root`. Returns what it did (or would do, with dryRun): the package, the
 * old and new version, the changesets applied, and for each whether it was deleted or kept for other packages.
 */
export function versionRemote({ root = ROOT, app: id, dryRun = false, say = () => {} }) {
  const { app, dir, pkg } = findApp(root, id);
  const changesetDir = join(root, '.changeset');
  const files = existsSync(changesetDir)
    ? readdirSync(changesetDir)
        .filter((f) => f.endsWith('.md') && f !== 'README.md')
        .sort()
    : [];
  const applied = [];
  for (const f of files) {
    const parsed = parseChangeset(readFileSync(join(changesetDir, f), 'utf8'), `.changeset/${f}`);
    const mine = parsed.releases.filter((r) => r.name === pkg.name);
    if (mine.length === 0) continue;
    const types = mine.map((r) => r.type).filter((t) => t !== 'none');
    const type = types.sort((a, b) => BUMPS.indexOf(b) - BUMPS.indexOf(a))[0] ?? 'none';
    applied.push({ file: f, type, summary: parsed.summary, rest: parsed.releases.filter((r) => r.name !== pkg.name) });
  }
  if (applied.length === 0) {
    throw new VersionError(
      `no pending changeset names ${pkg.name}: run pnpm changeset, pick ${pkg.name} and the bump, commit it, then version again`,
    );
  }
  const bumps = applied.map((a) => a.type).filter((t) => t !== 'none');
  const type = bumps.sort((a, b) => BUMPS.indexOf(b) - BUMPS.indexOf(a))[0];
  const from = pkg.version;
  const to = type ? bumpVersion(from, type) : from;
  const result = {
    app,
    package: pkg.name,
    from,
    to,
    type: type ?? 'none',
    changesets: applied.map((a) => ({ file: `.changeset/${a.file}`, type: a.type, deleted: a.rest.length === 0 })),
  };
  if (dryRun) return result;

  if (type) {
    // Only "version" changes; the rest of package.json keeps its text (key order, indentation).
    const pkgFile = join(dir, 'package.json');
    const text = readFileSync(pkgFile, 'utf8');
    const next = text.replace(/("version"\s*:\s*")[^"]*(")/, `$1${to}$2`);
    if (next === text && from !== to) throw new VersionError(`${pkgFile}: no "version" field to bump`);
    writeFileSync(pkgFile, next);
    const changes = applied
      .filter((a) => a.type !== 'none')
      .map((a) => ({ type: a.type, summary: a.summary, commit: commitOf(root, join('.changeset', a.file)) }));
    writeFileSync(join(dir, 'CHANGELOG.md'), prependChangelog(join(dir, 'CHANGELOG.md'), pkg.name, changelogEntry(to, changes)));
  }
  for (const a of applied) {
    const file = join(changesetDir, a.file);
    if (a.rest.length === 0) rmSync(file);
    else writeFileSync(file, formatChangeset({ releases: a.rest, summary: a.summary }));
  }
  say(`version-remote: ${pkg.name} ${from} -> ${to} (${type ?? 'no bump'})`);
  for (const c of result.changesets)
    say(`  ${c.file}: ${c.type}, ${c.deleted ? 'deleted (it named only this package)' : 'kept for the other packages it names'}`);
  return result;
}

function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'dry-run': { type: 'boolean' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch {
    console.log(USAGE);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    console.log(USAGE);
    return 2;
  }
  try {
    const dryRun = parsed.values['dry-run'] === true;
    const result = versionRemote({
      root: parsed.values.root ? resolve(parsed.values.root) : ROOT,
      app: parsed.positionals[0],
      dryRun,
      say: (line) => console.log(line),
    });
    if (dryRun) console.log(JSON.stringify(result, null, 2));
    else
      console.log(`Next: review and commit apps/${result.app}/package.json, CHANGELOG.md and .changeset/, then pnpm release ${result.app}`);
    return 0;
  } catch (e) {
    if (e instanceof VersionError) {
      console.error(`version-remote refused: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)));
