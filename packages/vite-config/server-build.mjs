// The server build of the shell and of each remote (issue 14, docs/performance.md "Server rendering"): a second
// `vite build --ssr` into dist/server/, published with the client build under the same immutable version.
//
// One React, one router, one QueryClient type, one i18next library per process, as in the browser (the text is
// per render: issue 33): the shell's server build bundles the shared libraries and writes each as its own entry
// (dist/server/shared/<file>.mjs); a remote's server build leaves them out and imports them by a placeholder
// specifier (`lv-shared:<id>`), which the API replaces with the live shell's shared file when it loads that remote
// (apps/api/src/ssr/loader.ts).
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SINGLETONS } from './index.mjs';

/** Where the server build goes, inside the app's dist/ (the release publishes dist/ as one version). */
export const SERVER_DIR = 'server';
/** The placeholder a remote's server bundle imports a shared library by. */
export const SHARED_PREFIX = 'lv-shared:';

/**
 * The shared modules the shell's server provides, by import specifier. A remote's server build refuses to import
 * any other subpath of a singleton (it would be a second copy): add it here, which is a shell release first.
 * `hasDefault`: the module has a default export to pass on (CommonJS packages, i18next). `commonjs`: its names are
 * listed one by one (read from the package at build time): `export *` passes on no name of a CommonJS module.
 */
export const SERVER_SHARED = {
  react: { hasDefault: true, commonjs: true },
  'react/jsx-runtime': { hasDefault: true, commonjs: true },
  'react-dom': { hasDefault: true, commonjs: true },
  'react-router': { hasDefault: false },
  '@tanstack/react-query': { hasDefault: false },
  i18next: { hasDefault: true },
  'react-i18next': { hasDefault: false },
  '@lendview/api-client': { hasDefault: false },
  '@lendview/bridge': { hasDefault: false },
  '@lendview/i18n': { hasDefault: false },
  '@lendview/ui': { hasDefault: false },
};

/** dist/server/shared/<this>.mjs for a specifier: `react/jsx-runtime` → `react__jsx-runtime`. */
export function sharedFileName(id) {
  return id.replace(/^@/, '').replace(/\//g, '__');
}

/** A singleton or one of its subpaths, never a stylesheet (CSS is the client build's business). */
export function isSharedImport(id) {
  if (/\.css($|\?)/.test(id)) return false;
  return SINGLETONS.some((name) => id === name || id.startsWith(`${name}/`));
}

const VIRTUAL = '\0lv-server-shared:';

/** The shell's entries dist/server/shared/*.mjs: each re-exports one shared library from the bundle. */
function sharedEntries() {
  return {
    name: 'lendview-server-shared',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? id : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const spec = id.slice(VIRTUAL.length);
      if (SERVER_SHARED[spec].commonjs) {
        const names = Object.keys(createRequire(join(process.cwd(), 'package.json'))(spec)).filter(
          (n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n),
        );
        return [`import m from ${JSON.stringify(spec)};`, 'export default m;', `export const { ${names.join(', ')} } = m;`].join('\n');
      }
      const lines = [`export * from ${JSON.stringify(spec)};`];
      if (SERVER_SHARED[spec].hasDefault) lines.push(`export { default } from ${JSON.stringify(spec)};`);
      return lines.join('\n');
    },
  };
}

/** A remote's server build: fails on a shared subpath the shell's server does not provide. */
function checkSharedImports(seen) {
  return {
    name: 'lendview-server-shared-check',
    buildEnd() {
      const missing = [...seen].filter((id) => !(id in SERVER_SHARED));
      if (missing.length)
        this.error(
          `the server build imports ${missing.join(', ')}, which the shell's server does not provide ` +
            `(packages/vite-config/server-build.mjs SERVER_SHARED; adding one is a shell release first)`,
        );
    },
  };
}

/**
 * Vite config of an app's server build (`vite build --ssr`): src/server.tsx → dist/server/entry.mjs.
 * kind 'shell' bundles everything (Node needs nothing from node_modules at run time: the release folder has
 * none); kind 'remote' bundles everything but the shared libraries.
 */
export function serverConfig({ kind }) {
  const seen = new Set();
  const input = { entry: 'src/server.tsx' };
  if (kind === 'shell') for (const id of Object.keys(SERVER_SHARED)) input[`shared/${sharedFileName(id)}`] = `${VIRTUAL}${id}`;
  return {
    base: './',
    plugins: [react(), kind === 'shell' ? sharedEntries() : checkSharedImports(seen)],
    // Everything in the bundle: a published release has no node_modules next to it.
    ssr: { noExternal: true, target: 'node' },
    resolve: { conditions: ['node', 'import', 'module', 'production', 'default'] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: true,
      outDir: `dist/${SERVER_DIR}`,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: {
        input,
        external:
          kind === 'remote'
            ? (id) => {
                if (!isSharedImport(id)) return false;
                seen.add(id);
                return true;
              }
            : undefined,
        output: {
          format: 'es',
          entryFileNames: '[name].mjs',
          chunkFileNames: 'chunks/[name]-[hash].mjs',
          paths: kind === 'remote' ? (id) => (isSharedImport(id) ? `${SHARED_PREFIX}${id}` : id) : undefined,
        },
      },
    },
  };
}
