import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CachedVersion, ReleaseServing } from '../releases/serving.ts';

// Server entries of published versions (issue 14; docs/performance.md "Server rendering"). A version's build has
// dist/server/ next to its browser files; the release publishes both under the same immutable version, so a rollback
// switches both. Node imports modules from files, so a version's server files are copied from the storage provider
// into a folder of this process (once per version and content) and imported from there.
//
// One React, one router, one i18next: a remote's server bundle imports the shared libraries as
// `lv-shared:<id>` (packages/vite-config/server-build.mjs); here each becomes the file URL of the live shell's
// dist/server/shared/<id>.mjs, so the remote runs on the very modules the shell's render uses. Its text is not
// shared: its server entry exports its messages and each render makes an i18next instance of its own from them
// (apps/shell/src/server.tsx), so versions of one remote loaded side by side never see each other's.

export const SERVER_PREFIX = 'server/';
export const SERVER_ENTRY = 'server/entry.mjs';
const SHARED_SPECIFIER = /(["'])lv-shared:([^"']+)\1/g;

/** `react/jsx-runtime` → `react__jsx-runtime` (the same rule as server-build.mjs sharedFileName). */
export function sharedFileName(id: string): string {
  return id.replace(/^@/, '').replace(/\//g, '__');
}

export class ServerEntryError extends Error {}

/** The shell's server entry module (apps/shell/src/server.tsx). Typed loosely: it comes from a release. */
export interface ShellServerModule {
  configureServer(opts: { fetch: typeof fetch }): void;
  findOwner(manifest: unknown, pathname: string): { name: string; app: string; version: string; entry: string } | undefined;
  render(input: {
    url: string;
    lang: 'en' | 'id';
    manifest: unknown;
    remote: unknown;
    module: unknown;
    signal: AbortSignal;
  }): Promise<{ html: string; queries: { queries: unknown[] }; passes: number }>;
  /** A remote's standalone tree (the ad landing); absent from shells built before it. */
  renderStandalone?(input: {
    url: string;
    lang: 'en' | 'id';
    component: unknown;
    messages: unknown;
    signal: AbortSignal;
  }): Promise<{ html: string; queries: { queries: unknown[] }; passes: number }>;
}

export interface LoadedShell {
  key: string;
  dir: string;
  module: ShellServerModule;
  /** The shell version's file paths: which shared libraries its server provides. */
  files: ReadonlySet<string>;
}

/** The version has a server build (a build made before issue 14 has none: its pages stay client-rendered). */
export function hasServerEntry(v: CachedVersion): boolean {
  return !!v.files[SERVER_ENTRY];
}

const shortSha = (v: CachedVersion) => v.files[SERVER_ENTRY]!.sha256.slice(0, 16);

export class ServerEntries {
  private readonly loads = new Map<string, Promise<unknown>>();
  private readonly failedAt = new Map<string, number>();
  private configured = new WeakSet<object>();

  constructor(
    private readonly releases: ReleaseServing,
    /** This process's own folder (removed on close). */
    readonly root: string,
    private readonly serverFetch: typeof fetch,
    /** A version that failed to load is tried again after this long (ms), not on every page. */
    private readonly retryAfterMs = 60_000,
  ) {}

  /** The shell's server entry (loaded once per version and content). */
  shell(v: CachedVersion): Promise<LoadedShell> {
    const key = `${v.app}@${v.version}#${shortSha(v)}`;
    return this.once(key, async () => {
      const dir = join(this.root, `${v.app}-${v.version}-${shortSha(v)}`);
      await this.materialize(v, dir, (text) => text);
      const module = (await import(pathToFileURL(join(dir, SERVER_ENTRY)).href)) as ShellServerModule;
      if (typeof module.render !== 'function' || typeof module.configureServer !== 'function')
        throw new ServerEntryError(`${v.app} ${v.version}: server/entry.mjs exports no render()`);
      if (!this.configured.has(module)) {
        module.configureServer({ fetch: this.serverFetch });
        this.configured.add(module);
      }
      return { key, dir, module, files: new Set(Object.keys(v.files)) };
    });
  }

  /** A remote's server entry, on the given shell's shared libraries (loaded once per remote version and shell). */
  remote(v: CachedVersion, shell: LoadedShell): Promise<{ default: unknown }> {
    const key = `${v.app}@${v.version}#${shortSha(v)}+${shell.key}`;
    return this.once(key, async () => {
      const dir = join(this.root, `${v.app}-${v.version}-${shortSha(v)}-on-${shell.key.replace(/[^\w.-]/g, '_')}`);
      const sharedDir = join(shell.dir, SERVER_PREFIX, 'shared');
      const missing = new Set<string>();
      await this.materialize(v, dir, (text) =>
        text.replace(SHARED_SPECIFIER, (_m, quote: string, id: string) => {
          const file = join(sharedDir, `${sharedFileName(id)}.mjs`);
          if (!shell.files.has(`${SERVER_PREFIX}shared/${sharedFileName(id)}.mjs`)) missing.add(id);
          return `${quote}${pathToFileURL(file).href}${quote}`;
        }),
      );
      if (missing.size)
        throw new ServerEntryError(`${v.app} ${v.version} needs ${[...missing].join(', ')}, which shell ${shell.key} does not provide`);
      const module = (await import(pathToFileURL(join(dir, SERVER_ENTRY)).href)) as { default?: unknown };
      if (typeof module.default !== 'function' && typeof module.default !== 'object')
        throw new ServerEntryError(`${v.app} ${v.version}: server/entry.mjs exports no App`);
      // Its lazy screens' chunks too, now: a page's render then finds each screen's import() already done instead of
      // waiting for a file to be read in the middle of a borrower's request.
      await Promise.all(
        Object.keys(v.files)
          .filter((p) => p.startsWith(`${SERVER_PREFIX}chunks/`) && p.endsWith('.mjs'))
          .map((p) => import(pathToFileURL(join(dir, p)).href)),
      );
      return module as { default: unknown };
    });
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const failed = this.failedAt.get(key);
    if (failed !== undefined && Date.now() - failed < this.retryAfterMs)
      return Promise.reject(new ServerEntryError(`${key} failed to load recently`));
    let p = this.loads.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      this.loads.set(key, p);
      p.catch(() => {
        this.loads.delete(key);
        this.failedAt.set(key, Date.now());
      });
    }
    return p;
  }

  /** Copies the version's server/ files into `dir` (rewritten by `rewrite` for .mjs), all or nothing. */
  private async materialize(v: CachedVersion, dir: string, rewrite: (text: string) => string): Promise<void> {
    const tmp = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    try {
      for (const [path, f] of Object.entries(v.files)) {
        if (!path.startsWith(SERVER_PREFIX)) continue;
        const bytes = await this.releases.bytes(v, path, f.sha256, f.size);
        if (!bytes) throw new ServerEntryError(`${v.app} ${v.version}: ${path} is missing from storage`);
        const target = join(tmp, path);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, path.endsWith('.mjs') ? rewrite(bytes.toString('utf8')) : bytes);
      }
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      throw err;
    }
  }

  /** Everything this process wrote (on close). */
  removeAll(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
