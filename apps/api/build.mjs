// Bundles src/server.ts into dist/server.mjs (and src/cli/migrate.ts into dist/migrate.mjs). Workspace packages (@lendview/*, TypeScript source) are bundled
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
  // dist/server.mjs, and dist/migrate.mjs (the `pnpm migrate` step where only the build is deployed), and
  // dist/releases.mjs (release / rollback / list of a build folder given with --from, docs/releasing.md).
  entryPoints: {
    server: join(here, 'src/server.ts'),
    migrate: join(here, 'src/cli/migrate.ts'),
    releases: join(here, 'src/cli/releases.ts'),
  },
  outdir: join(here, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
});
