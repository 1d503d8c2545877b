// Vite + Module Federation settings shared by the shell and every remote, so that every app declares the
// same singletons (an app that shares less breaks sharing for all: see ../shared/notes/module-federation.md).
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declareBuild } from './declaration.mjs';
import { precompress } from './precompress.mjs';

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
// @lendview/contracts is not a singleton: pages import only its types (its values pull in zod, ~90 KB
// gzip), so sharing it would make the shell download it for nothing. docs/decisions.md.

export function sharedConfig() {
  return Object.fromEntries(SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false }]));
}

/** Paths the API answers; dev servers proxy them to the API on :8080 (`pnpm start` or `pnpm --filter @lendview/api dev`). */
export const API_PREFIXES = ['/v3', '/api', '/h5-api', '/user-problem', '/market', '/dev', '/ops', '/healthz', '/remotes.json', '/remotes/'];

function devProxy() {
  const target = process.env.LENDVIEW_API ?? 'http://127.0.0.1:8080';
  return Object.fromEntries(API_PREFIXES.map((p) => [p, { target, changeOrigin: true }]));
}

/**
 * Config of a remote. `base: './'` makes the publicPath "auto", so one build works from any
 * versioned folder (/remotes/<app>/<version>/).
 */
export function remoteConfig({ name, port, exposes = { './App': './src/App.tsx' } }) {
  // The build version in mf-manifest.json is the remote's package version (the folder it is published under).
  const { version } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
  process.env.MF_BUILD_VERSION ??= version;
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
        shared: sharedConfig(),
      }),
      // lendview-remote.json: what this build needs from the shell (checked by `pnpm release`).
      declareBuild({ kind: 'remote', name, shared: SINGLETONS }),
      // .br / .gz next to each file, served by the API as they are (routes/static).
      precompress(),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, proxy: devProxy() },
    preview: { port },
    build: { target: 'chrome89', sourcemap: false },
  };
}

/** Config of the shell: no remotes baked in; they come from /remotes.json at run time. */
export function hostConfig({ port = 5173 } = {}) {
  return {
    base: '/',
    plugins: [
      react(),
      federation({
        name: 'shell',
        remotes: {},
        dts: false,
        shared: sharedConfig(),
      }),
      // lendview-shell.json: the shared versions this shell provides to every remote.
      declareBuild({ kind: 'shell', shared: SINGLETONS }),
      precompress(),
    ],
    server: { port, strictPort: true, proxy: devProxy() },
    build: { target: 'chrome89', sourcemap: false },
  };
}
