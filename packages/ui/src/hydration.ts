// A server-rendered page (issue 14) is sent with its #root `inert` (apps/api/src/ssr/page.ts): until React has taken
// over every element, a tap or a choice made on the markup would be lost, and a form would submit natively (its
// fields in a GET address). The shell (apps/shell/src/main.tsx) and the standalone landing (standalone.tsx) let the
// page go here.
import { reportClientError } from '@lendview/api-client';

/** Ten seconds at most: then the page is let go as it is. */
export const HYDRATION_WAIT_MS = 10_000;

/**
 * Elements React writes into the markup but never hydrates, so they never carry its instance: the resource hints and
 * hoistables of React 19 (renderToString puts an image's `<link rel="preload">` into the body, as on /promo's logo).
 * Waiting for them kept a page inert for the whole HYDRATION_WAIT_MS (issue 40).
 */
const NEVER_HYDRATED: ReadonlySet<string> = new Set(['LINK', 'META', 'SCRIPT', 'STYLE', 'TITLE', 'NOSCRIPT', 'TEMPLATE']);

/** Whether React has taken over every element of the server's markup (it keeps its instance on each one it hydrated). */
export function fullyHydrated(root: HTMLElement): boolean {
  for (const el of root.querySelectorAll('*')) {
    if (NEVER_HYDRATED.has(el.tagName)) continue;
    if (!Object.keys(el).some((k) => k.startsWith('__reactFiber$'))) return false;
  }
  return true;
}

/** The first element of the markup React has not taken over, as `tag.class`, or null. */
function firstNotHydrated(root: HTMLElement): string | null {
  for (const el of root.querySelectorAll('*')) {
    if (NEVER_HYDRATED.has(el.tagName) || Object.keys(el).some((k) => k.startsWith('__reactFiber$'))) continue;
    return `${el.tagName.toLowerCase()}${el.classList.length > 0 ? `.${Array.from(el.classList).join('.')}` : ''}`;
  }
  return null;
}

/**
 * Removes `inert` from `root` once every element is hydrated (a lazy screen hydrates only once its chunk arrived).
 * A page let go by the time limit instead was dead to taps until then: said as a hydration problem (which fails
 * every e2e test) and reported like one.
 */
export function liveOnceHydrated(root: HTMLElement, where: 'shell' | 'standalone', since = performance.now()): void {
  if (fullyHydrated(root)) root.removeAttribute('inert');
  else if (performance.now() - since > HYDRATION_WAIT_MS) {
    root.removeAttribute('inert');
    const message = `hydration not finished within ${HYDRATION_WAIT_MS} ms; the page was let go as it is (not hydrated: ${firstNotHydrated(root) ?? 'nothing now'})`;
    console.warn(`[${where}] ${message}`);
    reportClientError({ message, where: `${where}:hydrate` });
  } else requestAnimationFrame(() => liveOnceHydrated(root, where, since));
}
