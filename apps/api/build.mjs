// Bundles src/server.ts into dist/server.mjs. Workspace packages (@lendview/*, TypeScript source) are bundled
// in; npm dependencies stay external and are resolved from node_modules at run time. Migrations are not
// bundled: the server reads apps/api/migrations at start.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@lendview/'));

await build({
  entryPoints: [join(here, 'src/server.ts')],
  outfile: join(here, 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
});
