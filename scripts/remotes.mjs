// The remotes of this repo: every app whose package.json has a "lendview.remote" federation name.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function listRemotes() {
  return readdirSync(join(ROOT, 'apps'))
    .filter((app) => existsSync(join(ROOT, 'apps', app, 'package.json')))
    .map((app) => ({ app, pkg: JSON.parse(readFileSync(join(ROOT, 'apps', app, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => pkg.lendview?.remote)
    .map(({ app, pkg }) => ({
      app,
      name: pkg.lendview.remote,
      version: pkg.version,
      routes: pkg.lendview.routes,
      dist: join(ROOT, 'apps', app, 'dist'),
    }));
}
