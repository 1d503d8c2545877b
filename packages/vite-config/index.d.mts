import type { UserConfig } from 'vite';

export declare const SINGLETONS: string[];
export declare const API_PREFIXES: string[];
/** The API a dev server proxies to when LENDVIEW_API is unset (http://127.0.0.1:8080). */
export declare const DEFAULT_API: string;
export declare function noApiMessage(target: string, app?: string): string;
export declare function devProxy(opts?: {
  target?: string;
  app?: string;
  pageRoutes?: string[];
  log?: (line: string) => void;
}): Record<string, unknown>;
export declare function mockServiceWorker(root?: string): import('vite').Plugin;
export declare function sharedConfig(opts?: {
  command?: 'build' | 'serve';
  root?: string;
}): Record<string, { singleton: true; requiredVersion: false; import?: string }>;
/** `command`: Vite's (`defineConfig(({ command }) => remoteConfig({ ..., command }))`); default 'build'. */
export declare function remoteConfig(opts: {
  name: string;
  port: number;
  exposes?: Record<string, string>;
  command?: 'build' | 'serve';
  /** Vite's `isSsrBuild`: the server entry's build (issue 14, server-build.mjs). */
  isSsrBuild?: boolean;
}): UserConfig;
/** Where `landingConfig` writes the standalone page, under the app's dist/. */
export declare const LANDING_DIR: 'landing';
/** `vite build --mode landing`: the remote's index.html as a plain page without Module Federation (promotion's /landing). */
export declare function landingConfig(): UserConfig;
export declare function hostConfig(opts?: { port?: number; command?: 'build' | 'serve'; isSsrBuild?: boolean }): UserConfig;
/** The server build of the shell ('shell': bundles the shared libraries) or of a remote ('remote': imports them from the shell's). */
export declare function serverConfig(opts: { kind: 'shell' | 'remote' }): UserConfig;
