// A server-rendered page (issue 14) is sent with its #root `inert` (apps/api/src/ssr/page.ts): until React has taken
// over every element, a tap or a choice made on the markup would be lost, and a form would submit natively (its
// fields in a GET address). The shell (apps/shell/src/main.tsx) and the standalone landing (standalone.tsx) let the
// page go here.

/** Ten seconds at most: then the page is let go as it is. */
export const HYDRATION_WAIT_MS = 10_000;

/** Whether React has taken over every element of the server's markup (it keeps its instance on each one it hydrated). */
export function fullyHydrated(root: HTMLElement): boolean {
  for (const el of root.querySelectorAll('*')) if (!Object.keys(el).some((k) => k.startsWith('__reactFiber$'))) return false;
  return true;
}

/** Removes `inert` from `root` once every element is hydrated (a lazy screen hydrates only once its chunk arrived). */
export function liveOnceHydrated(root: HTMLElement, since = performance.now()): void {
  if (fullyHydrated(root) || performance.now() - since > HYDRATION_WAIT_MS) root.removeAttribute('inert');
  else requestAnimationFrame(() => liveOnceHydrated(root, since));
}
