import { fetchManifest, findOwner, type RemotesManifest } from './manifest.ts';
import { loadRemoteApp } from './load-remote.ts';

// The request chain, not only the bytes, decides how soon a borrower sees the page: the manifest and the
// current route's remote are started at start-up, while React renders the shell, instead of after the
// shell's first render and its effects.
let early: Promise<RemotesManifest> | undefined;
// The manifest the server rendered the page with (issue 14, server rendering): the first render uses it as it is,
// so the tree hydrates exactly as the server built it.
let rendered: RemotesManifest | undefined;

/** The page came server-rendered with this manifest: the first render (and takeManifest) use it. */
export function seedManifest(manifest: RemotesManifest): void {
  rendered = manifest;
  early = Promise.resolve(manifest);
}

/**
 * The server-rendered page's manifest: the first render starts 'ready' with it instead of 'loading'. Not used up
 * when read: React may render the first tree more than once before it commits (hydration waits for a lazy screen's
 * chunk, then starts over), and each of those renders must start from the same manifest.
 */
export function renderedManifest(): RemotesManifest | undefined {
  return rendered;
}

/** Starts fetching the manifest (the <link rel=preload> in index.html already has it on the way) and the remote that owns `pathname`. */
export function prefetchRoute(pathname: string): void {
  early = fetchManifest();
  early.then(
    (manifest) => {
      const owner = findOwner(manifest, pathname);
      // Errors surface where the route loads it (RemoteApp), with its retry panel.
      if (owner) loadRemoteApp(owner).catch(() => undefined);
    },
    () => undefined,
  );
}

/** The manifest: the one prefetched at start-up the first time, a fresh request afterwards (Retry). */
export function takeManifest(): Promise<RemotesManifest> {
  const manifest = early ?? fetchManifest();
  early = undefined;
  return manifest;
}
