#!/usr/bin/env node
// `pnpm remotes`: each remote, the version live now, every published version and when it last went live.
import { parseArgs } from 'node:util';
import { compareVersions } from '../packages/vite-config/declaration.mjs';
import { publishedVersions, readHistory, readManifest, releasesDirOf } from './lib/releases.mjs';
import { readdirSync, existsSync } from 'node:fs';

const { values } = parseArgs({ options: { releases: { type: 'string' }, json: { type: 'boolean' } } });
const releases = releasesDirOf(values.releases);
if (!existsSync(releases)) {
  console.error(`remotes: ${releases} does not exist (nothing published yet: pnpm start or pnpm release <remote>)`);
  process.exit(1);
}
const live = new Map(readManifest(releases).remotes.map((r) => [r.app ?? r.name, r.version]));
const events = readHistory(releases).events;
const apps = [
  ...new Set([
    ...live.keys(),
    ...readdirSync(releases, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => d.name),
  ]),
].sort();

const rows = [];
for (const app of apps) {
  const versions = publishedVersions(releases, app).sort((a, b) => compareVersions(b, a) || (a < b ? 1 : -1));
  for (const version of versions) {
    const last = events.findLast((e) => e.app === app && e.version === version);
    rows.push({
      remote: app,
      version,
      live: live.get(app) === version,
      wentLive: last?.at ?? null,
      action: last?.action ?? null,
      by: last?.by ?? null,
    });
  }
  if (live.has(app) && !versions.includes(live.get(app)))
    rows.push({ remote: app, version: live.get(app), live: true, wentLive: null, action: 'missing', by: null });
}

if (values.json) {
  console.log(JSON.stringify({ releases, remotes: rows }, null, 2));
} else {
  const table = [['REMOTE', 'VERSION', 'LIVE', 'WENT LIVE (UTC)', 'HOW', 'BY']].concat(
    rows.map((r) => [
      r.remote,
      r.version,
      r.live ? 'live' : '',
      r.wentLive ? r.wentLive.replace('T', ' ').replace(/\.\d+Z$/, '') : r.action === 'missing' ? 'FOLDER MISSING' : 'never',
      r.action && r.action !== 'missing' ? r.action : '',
      r.by ?? '',
    ]),
  );
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  console.log(`releases: ${releases}`);
  for (const row of table)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
}
