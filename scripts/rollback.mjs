#!/usr/bin/env node
// `pnpm rollback <remote> [version]`: point the live manifest back at a version that is already published.
// Without a version: the one that was live before the current one. docs/releasing.md.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { listRemotes } from './remotes.mjs';
import {
  ReleaseError,
  assertFitsShell,
  goLive,
  publishedVersions,
  readBuild,
  readHistory,
  readManifest,
  releasesDirOf,
  shellDirOf,
  withLock,
} from './lib/releases.mjs';

const USAGE = `usage: pnpm rollback <remote> [version] [--releases DIR] [--shell DIR]

  <remote>        app folder or federation name
  [version]       a published version (pnpm remotes lists them); default: the one live before the current one
  --releases DIR  releases folder of the server (default: RELEASES_DIR, else releases/)
  --shell DIR     the live shell's build (default: SHELL_DIR, else apps/shell/dist)`;

/** The version live before `current`: the `previous` of the last event that made `current` live. */
function previousOf(releases, app, current) {
  const events = readHistory(releases).events.filter((e) => e.app === app);
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].version === current && events[i].previous && events[i].previous !== current) return events[i].previous;
  }
  return undefined;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { releases: { type: 'string' }, shell: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length < 1 || positionals.length > 2) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const [id, wanted] = positionals;
  const remotes = listRemotes();
  // A remote removed from apps/ can still be rolled back by its folder name in the releases dir.
  const app = remotes.find((r) => r.app === id || r.name === id)?.app ?? id;
  const releases = releasesDirOf(values.releases);
  const shellDir = shellDirOf(values.shell);

  await withLock(releases, async () => {
    const current = readManifest(releases).remotes.find((r) => (r.app ?? r.name) === app)?.version;
    const version = wanted ?? (current && previousOf(releases, app, current));
    if (!version) throw new ReleaseError(`${app}: no earlier live version in the history; name one (pnpm remotes lists them)`);
    const published = publishedVersions(releases, app);
    if (!published.includes(version)) {
      throw new ReleaseError(`${app} ${version} is not published in ${releases}; published: ${published.join(', ') || 'none'}`);
    }
    const decl = readBuild(join(releases, app, version));
    // The shell may have moved on since this version was live: an old remote must still fit it.
    assertFitsShell(decl, shellDir);
    const previous = goLive(releases, app, decl, 'rollback');
    console.log(
      previous === version
        ? `rollback: ${app} ${version} was already live`
        : `rollback: ${app} is live at ${version} (was ${previous ?? 'not live'})`,
    );
  });
}

main().catch((e) => {
  console.error(e instanceof ReleaseError ? `rollback refused: ${e.message}` : e);
  process.exit(1);
});
