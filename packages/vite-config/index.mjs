// Vite + Module Federation settings shared by the shell and every remote, so that every app declares the
// same singletons (an app that shares less breaks sharing for all: docs/remotes.md "How the shell loads a remote").
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { declareBuild, resolvedVersion } from './declaration.mjs';
import { precompress } from './precompress.mjs';
import { checkSubsetImports, SHARED_SUBSETS, writeReactRouterSubset } from './shared-subset.mjs';
import { serverConfig } from './server-build.mjs';

export { serverConfig };

/** Loaded once per page, whatever remotes load. react/* and react-dom/* subpaths follow their package. */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  '@lendview/api-client',
  '@lendview/bridge',
  '@lendview/i18n',
  '@lendview/ui',
];
/** What a remote shares: the same singletons as the shell (i18next and react-i18next included: one instance per page). */
export const REMOTE_SINGLETONS = SINGLETONS;
// @lendview/contracts is not a singleton: pages import only its types (its values pull in zod, ~90 KB
// gzip), so sharing it would make the shell download it for nothing. docs/decisions.md.

/**
 * Share config of every app. In a build, react-router is provided as a tree-shaken subset under its own
 * name and version (shared-subset.mjs); the dev server shares the whole package.
 */
export function sharedConfig({ command = 'build', root = process.cwd(), kind = 'shell' } = {}) {
  return Object.fromEntries(
    (kind === 'remote' ? REMOTE_SINGLETONS : SINGLETONS).map((name) => [
      name,
      name === 'react-router' && command === 'build'
        ? { singleton: true, requiredVersion: false, import: writeReactRouterSubset(root) }
        : { singleton: true, requiredVersion: false },
    ]),
  );
}

/** Version of the federation runtime the plugin builds in (@module-federation/vite pins it exactly). */
function federationRuntimeVersion() {
  const pluginDir = dirname(dirname(createRequire(import.meta.url).resolve('@module-federation/vite')));
  return resolvedVersion('@module-federation/runtime', pluginDir);
}

// --- Dev loop (issue 16 item 6): the dev servers' proxy to the API and the MSW mode. -------------------------

/** Where a dev server finds the API when LENDVIEW_API is unset: what `pnpm start` and the API's own start listen on (HOST 127.0.0.1, PORT 8080). */
export const DEFAULT_API = 'http://127.0.0.1:8080';

/** Paths the API answers; dev servers proxy them to LENDVIEW_API (default DEFAULT_API): README "Developing one remote". */
export const API_PREFIXES = [
  '/v3',
  '/api',
  '/h5-api',
  '/user-problem',
  '/market',
  '/dev',
  '/ops',
  '/healthz',
  '/remotes.json',
  '/remotes/',
];

/** The text a dev server answers with when no API answers at `target`: what it tried, and the three ways out. */
export function noApiMessage(target, app = '<remote>') {
  return (
    `No lendview API answered at ${target} (LENDVIEW_API${process.env.LENDVIEW_API ? '' : ' is unset: the default'}). ` +
    `Start one (\`pnpm start\`, or \`DEMO_MODE=1 pnpm --filter @lendview/api dev\`), point LENDVIEW_API at yours ` +
    `(LENDVIEW_API=http://127.0.0.1:8081 pnpm --filter @lendview/${app} dev), or run with no API in the mock mode: ` +
    `\`pnpm --filter @lendview/${app} dev:mock\` (MSW, demo data).`
  );
}

/**
 * The proxy to the API. When nothing answers there (connection refused, a reset, a name that does not resolve) a
 * call gets a 502 with the API's envelope (code SERVER_ERROR) whose message says which URL was tried, LENDVIEW_API
 * and the mock mode, instead of Vite's bare 500; the terminal gets the same one line once.
 */
export function devProxy({ target = process.env.LENDVIEW_API || DEFAULT_API, app, pageRoutes = [], log = console.warn } = {}) {
  let told = false;
  // A page of this app under an API prefix (ops-console's /ops, promotion's /ops/templates) opened in the browser is
  // the app's own index.html, not a call: served by Vite, with or without an API.
  const bypass = (req) => {
    if (req.method !== 'GET' || !String(req.headers.accept ?? '').includes('text/html')) return undefined;
    return pageRoutes.includes(new URL(req.url ?? '/', 'http://dev').pathname) ? '/index.html' : undefined;
  };
  const configure = (proxy) => {
    proxy.on('error', (err, req, res) => {
      const message = noApiMessage(target, app);
      if (!told) {
        told = true;
        log(`[lendview dev] ${req?.url ?? ''}: ${err?.code ?? err?.message ?? err}. ${message}`);
      }
      // A WebSocket's socket has no writeHead: Vite's own handler closes it.
      if (!res || typeof res.writeHead !== 'function' || res.headersSent || res.writableEnded) return;
      res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'X-Lendview-Dev-Proxy': 'no-api' });
      res.end(JSON.stringify({ code: 'SERVER_ERROR', data: null, message }));
    });
  };
  return Object.fromEntries(API_PREFIXES.map((p) => [p, { target, changeOrigin: true, configure, bypass }]));
}

/**
 * Serves msw's service worker (/mockServiceWorker.js) from the msw package the app depends on, in the dev server
 * only (`apply: 'serve'`): no copy in public/, so no release build ever contains it. The mocks themselves start
 * only in `vite --mode mock` (src/main.tsx; see src/mocks/).
 */
export function mockServiceWorker(root = process.cwd()) {
  return {
    name: 'lendview:msw-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        let file;
        try {
          file = createRequire(join(root, 'package.json')).resolve('msw/mockServiceWorker.js');
        } catch {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('msw is not a dependency of this app: pnpm add -D msw@catalog:');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(readFileSync(file));
      });
    },
  };
}

// --- end of the dev loop block ------------------------------------------------------------------------------

/**
 * Config of a remote. `base: './'` makes the publicPath "auto", so one build works from any
 * versioned folder (/remotes/<app>/<version>/).
 */
export function remoteConfig({ name, port, exposes = { './App': './src/App.tsx' }, command = 'build', isSsrBuild = false }) {
  // `vite build --ssr`: the server entry (issue 14, server-build.mjs).
  if (isSsrBuild) return serverConfig({ kind: 'remote' });
  // The build version in mf-manifest.json is the remote's package version (the folder it is published under).
  const { version, lendview } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
  process.env.MF_BUILD_VERSION ??= version;
  const build = command === 'build';
  // A built remote runs on the shell's federation runtime; a page that runs without the shell (promotion's /landing)
  // is a build of its own (landingConfig), so no remote keeps a copy of the runtime for it.
  const externalRuntime = build;
  // The names this remote imports from packages shared as a subset, for its declaration.
  const usage = new Map();
  return {
    base: './',
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        exposes,
        shared: sharedConfig({ command, kind: 'remote' }),
        // A built remote runs on the shell's federation runtime (globalThis._FEDERATION_RUNTIME_CORE, which
        // the shell provides) instead of downloading its own identical copy (~19 KB gzip). Declared below, so
        // `pnpm release` refuses it on a shell that does not provide one. The dev server keeps its own.
        experiments: { externalRuntime },
      }),
      checkSubsetImports(usage),
      // lendview-remote.json: what this build needs from the shell (checked by `pnpm release`).
      declareBuild({
        kind: 'remote',
        name,
        shared: REMOTE_SINGLETONS,
        usage,
        federationRuntime: externalRuntime ? federationRuntimeVersion() : undefined,
      }),
      // .br / .gz next to each file, served by the API as they are (routes/static).
      precompress(),
      // Dev server only: msw's worker for `dev:mock` (issue 16 item 6).
      mockServiceWorker(),
    ],
    server: {
      port,
      strictPort: true,
      origin: `http://localhost:${port}`,
      proxy: devProxy({ app: basename(process.cwd()), pageRoutes: lendview?.routes }),
    },
    preview: { port },
    // Hidden source maps (issue 16 item 4): x.js.map is written and published with the version, for the server to
    // symbolicate real-user errors (apps/api/src/rum/symbolicate.ts), but the JavaScript names no map and the
    // server never serves one (routes/static answers 404): borrowers' browsers never get the original source.
    build: { target: 'chrome89', sourcemap: 'hidden' },
  };
}

/** Where a remote's standalone page build goes, inside its dist/ (published with the version: routes/landing). */
export const LANDING_DIR = 'landing';

/**
 * `vite build --mode landing`: the remote's index.html as a plain page, for a remote whose page is also served
 * without the shell (promotion-registration's /landing for ad traffic, apps/api/src/routes/landing). No Module
 * Federation: nothing there to share with, so its libraries are bundled and tree-shaken like any Vite app, and
 * the remote build itself stays on the shell's runtime with its fallbacks deferred (docs/performance.md).
 */
export function landingConfig() {
  return {
    base: './',
    plugins: [react(), precompress()],
    build: {
      target: 'chrome89',
      outDir: `dist/${LANDING_DIR}`,
      emptyOutDir: true,
      // The release's own public files are in dist/ already (the remote build copied them).
      copyPublicDir: false,
      sourcemap: 'hidden',
    },
  };
}

/** Config of the shell: no remotes baked in; they come from /remotes.json at run time. */
export function hostConfig({ port = 5173, command = 'build', isSsrBuild = false } = {}) {
  if (isSsrBuild) return serverConfig({ kind: 'shell' });
  return {
    base: '/',
    plugins: [
      react(),
      federation({
        name: 'shell',
        remotes: {},
        dts: false,
        shared: sharedConfig({ command }),
        // Publishes the federation runtime for the remotes built with experiments.externalRuntime.
        experiments: { provideExternalRuntime: true },
      }),
      checkSubsetImports(),
      // lendview-shell.json: the shared versions this shell provides to every remote (react-router: which
      // names; the federation runtime it lends to remotes).
      declareBuild({
        kind: 'shell',
        shared: SINGLETONS,
        subsets: command === 'build' ? SHARED_SUBSETS : undefined,
        federationRuntime: federationRuntimeVersion(),
      }),
      precompress(),
    ],
    server: { port, strictPort: true, proxy: devProxy({ app: 'shell' }) },
    build: { target: 'chrome89', sourcemap: false },
  };
}
