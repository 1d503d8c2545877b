#!/usr/bin/env node
// `pnpm release <remote>`: build one remote, publish it under /remotes/<app>/<version>/ and point the live
// manifest at it. No shell build, no restart: the server reads remotes.json on every request. docs/releasing.md.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { listRemotes, ROOT } from './remotes.mjs';
import {
  ReleaseError,
  assertFitsShell,
  goLive,
  publishVersion,
  readBuild,
  readShell,
  releasesDirOf,
  shellDirOf,
  withLock,
} from './lib/releases.mjs';

const USAGE = `usage: pnpm release <remote> [--from DIR] [--releases DIR] [--shell DIR]

  <remote>        app folder or federation name (marketing, loan-details, loan_details, ...)
  --from DIR      release this build folder (e.g. a CI artifact) instead of building apps/<app>
  --releases DIR  releases folder of the server (default: RELEASES_DIR, else releases/)
  --shell DIR     the live shell's build (default: SHELL_DIR, else apps/shell/dist)

The version is the one the build declares: its package.json version, set by changesets.`;

export function findRemote(id) {
  const remotes = listRemotes();
  const r = remotes.find((x) => x.app === id || x.name === id);
  if (!r) throw new ReleaseError(`no remote "${id}"; remotes: ${remotes.map((x) => x.app).join(', ')}`);
  return r;
}

function build(remote) {
  // Through turbo, filtered to this remote: a cache hit when nothing it depends on changed.
  const r = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', `--filter=@lendview/${remote.app}`, '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  });
  if (r.status !== 0) throw new ReleaseError(`building ${remote.app} failed`);
  return remote.dist;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { from: { type: 'string' }, releases: { type: 'string' }, shell: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const remote = findRemote(positionals[0]);
  const releases = releasesDirOf(values.releases);
  const shellDir = shellDirOf(values.shell);
  readShell(shellDir); // no live shell declaration: say so before spending a build
  const buildDir = values.from ? resolve(values.from) : build(remote);
  const decl = readBuild(buildDir);
  if (decl.name !== remote.name) throw new ReleaseError(`${buildDir} is a build of "${decl.name}", not of ${remote.name}`);

  // Checked before anything is written: a refused release leaves the releases folder as it was.
  assertFitsShell(decl, shellDir);
  await withLock(releases, async () => {
    const published = publishVersion(releases, remote.app, decl.version, buildDir);
    const previous = goLive(releases, remote.app, decl, 'release');
    const what = published === 'identical' ? 'already published (identical)' : `published to ${join(releases, remote.app, decl.version)}`;
    console.log(`release: ${remote.app} ${decl.version} ${what}`);
    console.log(
      previous === decl.version
        ? `release: ${remote.app} ${decl.version} was already live`
        : `release: ${remote.app} is live at ${decl.version} (was ${previous ?? 'not live'})`,
    );
  });
}

main().catch((e) => {
  console.error(e instanceof ReleaseError ? `release refused: ${e.message}` : e);
  process.exit(1);
});
