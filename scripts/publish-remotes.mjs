#!/usr/bin/env node
// Copies each remote's build into RELEASES_DIR/<app>/<version>/ and points RELEASES_DIR/remotes.json at it.
// `pnpm start` runs this for a local build; it replaces a same-version folder because a local build is
// not a release. (Immutable releases, one remote at a time, are `pnpm release`: docs/releasing.md.)
// Usage: node scripts/publish-remotes.mjs [--releases DIR]
import { cpSync, existsSync, mkdirSync, rmSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listRemotes } from './remotes.mjs';
import { actor, readHistory, readManifest, releasesDirOf, withLock, writeJsonAtomic } from './lib/releases.mjs';

const at = process.argv.indexOf('--releases');
const releases = releasesDirOf(at > 0 ? process.argv[at + 1] : undefined);
mkdirSync(releases, { recursive: true });

const remotes = [];
for (const r of listRemotes()) {
  const manifestFile = join(r.dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`publish: ${r.app} has no build (${manifestFile}); run pnpm build first`);
    process.exit(1);
  }
  const built = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (built.name !== r.name) {
    console.error(`publish: ${r.app} builds federation name "${built.name}", package.json says "${r.name}"`);
    process.exit(1);
  }
  const target = join(releases, r.app, r.version);
  rmSync(target, { recursive: true, force: true });
  cpSync(r.dist, target, { recursive: true });
  remotes.push({
    name: r.name,
    app: r.app,
    version: r.version,
    entry: `/remotes/${r.app}/${r.version}/mf-manifest.json`,
    routes: r.routes,
  });
}

await withLock(releases, async () => {
  // `pnpm remotes` shows when each version went live, local starts included.
  const before = new Map(readManifest(releases).remotes.map((r) => [r.app ?? r.name, r.version]));
  const history = readHistory(releases);
  const now = new Date().toISOString();
  for (const r of remotes) {
    const previous = before.get(r.app) ?? null;
    if (previous !== r.version)
      history.events.push({ at: now, app: r.app, name: r.name, version: r.version, previous, action: 'start', by: actor() });
  }
  writeJsonAtomic(join(releases, 'history.json'), history);
  // Atomic (temp file + rename): a server reading it never sees half a manifest.
  writeJsonAtomic(join(releases, 'remotes.json'), { remotes });
});
console.log(`publish: ${remotes.map((r) => `${r.app}@${r.version}`).join(', ')} -> ${releases}`);
