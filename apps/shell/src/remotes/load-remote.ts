import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteEntry } from './manifest.ts';

/**
 * The federation runtime has no timeout: a server that never answers leaves loadRemote pending forever.
 * Past this, the route shows the retry panel instead of a spinner that never ends.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

const registered = new Map<string, string>();

function register(remote: RemoteEntry) {
  const entry = new URL(remote.entry, window.location.origin).href;
  if (registered.get(remote.name) === entry) return;
  // force: replaces an earlier registration of the same name (a new manifest) and clears its cache.
  registerRemotes([{ name: remote.name, entry, type: 'module' }], { force: registered.has(remote.name) });
  registered.set(remote.name, entry);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

// Loads under way or done, by name and entry: a load started at start-up (prefetch.ts) is the one the route
// then waits for. A failed load is dropped, so calling again really retries.
const loads = new Map<string, Promise<ComponentType>>();

/** Loads `<remote>/App`. Failures are not cached (here nor by the runtime), so calling again really retries. */
export function loadRemoteApp(remote: RemoteEntry): Promise<ComponentType> {
  const key = `${remote.name}@${new URL(remote.entry, window.location.origin).href}`;
  let load = loads.get(key);
  if (!load) {
    load = loadOnce(remote);
    loads.set(key, load);
    load.catch(() => loads.delete(key));
  }
  return load;
}

async function loadOnce(remote: RemoteEntry): Promise<ComponentType> {
  register(remote);
  const mod = await withTimeout(
    loadRemote<{ default?: ComponentType }>(`${remote.name}/App`),
    REMOTE_LOAD_TIMEOUT_MS,
    `Remote ${remote.name}`,
  );
  const App = mod?.default;
  if (typeof App !== 'function' && typeof App !== 'object') throw new Error(`Remote ${remote.name} exposes no App`);
  return App;
}
