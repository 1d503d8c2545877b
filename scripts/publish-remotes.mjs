#!/usr/bin/env node
// Copies each remote's build into RELEASES_DIR/<app>/<version>/ and points RELEASES_DIR/remotes.json at it.
// `pnpm start` runs this for a local build; it replaces a same-version folder because a local build is
// not a release. (Immutable releases, one remote at a time, are `pnpm release`: docs/releases.md.)
// Usage: node scripts/publish-remotes.mjs [--releases DIR]
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, listRemotes } from './remotes.mjs';

const at = process.argv.indexOf('--releases');
const releases = resolve(at > 0 ? process.argv[at + 1] : (process.env.RELEASES_DIR ?? join(ROOT, 'releases')));
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

// Written next to the live file then renamed, so a server reading it never sees half a manifest.
const tmp = join(releases, `remotes.json.${process.pid}.tmp`);
writeFileSync(tmp, JSON.stringify({ remotes }, null, 2) + '\n');
renameSync(tmp, join(releases, 'remotes.json'));
console.log(`publish: ${remotes.map((r) => `${r.app}@${r.version}`).join(', ')} -> ${releases}`);
