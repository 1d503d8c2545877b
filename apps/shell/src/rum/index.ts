import type { RemoteRef } from './attribution.ts';
import { RumClient, type ErrorSource, type VitalReport } from './client.ts';

/**
 * The page's real-user signals (client.ts), started once by main.tsx; RemoteRoute reports views and the errors
 * its boundary catches. Every function here is safe to call before start (it does nothing) and never throws.
 */
let client: RumClient | null = null;

function transport() {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return {
    beacon: typeof nav?.sendBeacon === 'function' ? (url: string, body: string) => nav.sendBeacon(url, body) : undefined,
    fetch: typeof fetch === 'function' ? (url: string, init: RequestInit) => fetch(url, init) : undefined,
  };
}

/** The signed view id of a server-rendered page (its `lv-ssr` manifest's `rumView`), else undefined. */
function renderedViewId(): string | undefined {
  try {
    const text = document.getElementById('lv-ssr')?.textContent;
    const id = text ? (JSON.parse(text) as { manifest?: { rumView?: unknown } }).manifest?.rumView : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Listens for uncaught errors and unhandled rejections, measures LCP / INP / CLS, flushes when the page is hidden. */
export function startRum(): RumClient | null {
  if (client) return client;
  try {
    const c = new RumClient({ transport: transport(), viewId: renderedViewId() });
    client = c;
    window.addEventListener('error', (ev: ErrorEvent) => {
      const where = ev.filename ? `${ev.filename}:${ev.lineno}:${ev.colno}` : undefined;
      c.error(ev.error ?? ev.message, 'error', undefined, where);
    });
    window.addEventListener('unhandledrejection', (ev: PromiseRejectionEvent) => c.error(ev.reason, 'rejection'));
    // web-vitals in its own chunk, after the page's first render: not part of the shell's first load. Its
    // observers read buffered entries, so nothing of this load is missed; a metric it reports while the page is
    // being hidden is sent at once (client.ts).
    const report = (m: unknown) => c.vital(m as VitalReport);
    setTimeout(() => {
      import('web-vitals/attribution').then(
        ({ onLCP, onINP, onCLS }) => {
          onLCP(report);
          onINP(report);
          onCLS(report);
        },
        () => undefined,
      );
    }, 0);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') c.flush();
    });
    window.addEventListener('pagehide', () => {
      c.setLeaving(true);
      c.flush();
    });
    window.addEventListener('pageshow', () => c.setLeaving(false));
    return c;
  } catch {
    return null;
  }
}

/** The remote `ref` rendered `pathname`, with the page's manifest's signed view id (`rumView`). */
export function rumView(ref: RemoteRef, pathname: string, viewId?: string): void {
  client?.view(ref, pathname, viewId);
}

/** The current route is no remote's (the shell's not-found page). */
export function rumLeave(): void {
  client?.leave();
}

/** An error a remote's boundary caught (attributed by its stack, else to that remote). */
export function rumError(error: unknown, source: ErrorSource, owner?: RemoteRef): void {
  client?.error(error, source, owner);
}
