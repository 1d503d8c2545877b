// Builds the monolith baseline (bench only; not part of `pnpm build` or `pnpm test`): the five remotes' pages
// as one plain Vite + React app, no Module Federation, from the workspace source. Output: bench/monolith/dist,
// compressed like every product build (.br / .gz beside each file, packages/vite-config/precompress.mjs), with
// the shell's favicon, and a lendview-shell.json so the built API server can serve it as its shell
// (server.mjs). Rebuilt only when a source file is newer than the last build; `--force` rebuilds.
//
//   node bench/monolith/build.mjs [--force]
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const HERE = import.meta.dirname;
const ROOT = resolve(HERE, '../..');
export const MONOLITH_DIST = join(HERE, 'dist');
/** The remotes whose pages the monolith renders (each one's src/App.tsx and src/routes.ts). */
export const MONOLITH_REMOTES = ['marketing', 'complaint-chatbot', 'loan-details', 'repayment', 'promotion-registration'];
const STAMP = join(MONOLITH_DIST, '.built');

// Vite, its React plugin and the page's libraries are the shell's own (its node_modules): the same versions the
// product builds with, and no second copy in the lockfile.
const SHELL = join(ROOT, 'apps/shell');
const SHELL_MAIN = join(SHELL, 'src/main.tsx');
const fromShell = createRequire(join(SHELL, 'package.json'));

const ALIASES = Object.fromEntries(['shell', ...MONOLITH_REMOTES].map((app) => [`@monolith/${app}`, join(ROOT, 'apps', app, 'src')]));

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else yield path;
  }
}

/** The newest source the build reads: the monolith's own files, the shell's and remotes' src, the packages. */
function newestSource() {
  const dirs = [
    join(HERE, 'src'),
    ...['shell', ...MONOLITH_REMOTES].map((app) => join(ROOT, 'apps', app, 'src')),
    ...readdirSync(join(ROOT, 'packages')).map((p) => join(ROOT, 'packages', p, 'src')),
  ];
  let newest = Math.max(statSync(join(HERE, 'index.html')).mtimeMs, statSync(import.meta.filename).mtimeMs);
  for (const dir of dirs) for (const file of sourceFiles(dir)) newest = Math.max(newest, statSync(file).mtimeMs);
  return newest;
}

/** Bare imports of the monolith's own files resolve as if the shell imported them (bench/ has no React of its own). */
function resolveFromShell() {
  return {
    name: 'lendview-monolith:resolve-from-shell',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !importer.startsWith(HERE) || source.startsWith('.') || source.startsWith('/') || source.startsWith('\0'))
        return null;
      if (source.startsWith('@monolith/')) return null;
      return this.resolve(source, SHELL_MAIN, { ...options, skipSelf: true });
    },
  };
}

export async function buildMonolith({ force = false, quiet = false } = {}) {
  if (!force && existsSync(STAMP) && statSync(STAMP).mtimeMs >= newestSource()) {
    if (!quiet) console.log(`monolith: up to date (${relative(ROOT, MONOLITH_DIST)})`);
    return MONOLITH_DIST;
  }
  const vite = await import(pathToFileURL(fromShell.resolve('vite')).href);
  const { default: react } = await import(pathToFileURL(fromShell.resolve('@vitejs/plugin-react')).href);
  const { precompressDir } = await import(pathToFileURL(join(ROOT, 'packages/vite-config/precompress.mjs')).href);
  rmSync(MONOLITH_DIST, { recursive: true, force: true });
  await vite.build({
    configFile: false,
    root: HERE,
    base: '/',
    logLevel: 'error',
    publicDir: join(SHELL, 'public'),
    resolve: { alias: ALIASES },
    // The same libraries as the product (i18next + react-i18next included), bundled as one app.
    plugins: [resolveFromShell(), react()],
    // The product's build settings (packages/vite-config hostConfig): same target, no source maps served.
    build: { outDir: MONOLITH_DIST, emptyOutDir: false, target: 'chrome89', sourcemap: false },
  });
  // What the server's release step reads for a shell (apps/api/src/releases/builds.ts readShellBuild): the
  // shell's declaration under a version of its own. The monolith loads no remote, so it provides nothing to one;
  // the declaration only lets the live remotes' page routes be answered with this index.html.
  const declaration = JSON.parse(readFileSync(join(SHELL, 'dist/lendview-shell.json'), 'utf8'));
  declaration.version = `${declaration.version}-monolith`;
  declaration.monolith = 'bench/monolith: the same pages as one plain Vite app, no Module Federation (bench only)';
  writeFileSync(join(MONOLITH_DIST, 'lendview-shell.json'), JSON.stringify(declaration, null, 2) + '\n');
  precompressDir(MONOLITH_DIST);
  writeFileSync(STAMP, new Date().toISOString() + '\n');
  if (!quiet) console.log(`monolith: built in ${relative(ROOT, MONOLITH_DIST)}`);
  return MONOLITH_DIST;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync(join(SHELL, 'dist/lendview-shell.json'))) {
    console.error('apps/shell/dist is missing: run `pnpm build` at the root first');
    process.exit(1);
  }
  await buildMonolith({ force: process.argv.includes('--force') });
}
