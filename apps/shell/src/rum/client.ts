import {
  RUM_BATCH_MAX,
  RUM_CLS_MAX,
  RUM_LOAD_STATES,
  RUM_MESSAGE_MAX,
  RUM_MS_MAX,
  RUM_PHASES,
  RUM_STACK_MAX,
  RUM_TARGET_MAX,
  rumIngest,
} from '@lendview/contracts/routes';
import { remoteOfStack, viewAt, type RemoteRef, type ViewMark } from './attribution.ts';
import { maskStack, maskText, routeOf } from './redact.ts';

/**
 * Real-user signals of this page load (issue 16 item 4; docs/releasing.md "Real-user signals"): a view when a
 * remote renders a route, web-vitals LCP / INP / CLS with a small attribution, uncaught errors, unhandled
 * rejections and errors a remote's error boundary caught, each tagged with the remote's app and the version this
 * page loaded. Batched and sent to POST /api/rum with navigator.sendBeacon (fetch keepalive without it). Views and
 * errors leave within a second (the canary's judge reads them), vitals when the page is hidden. Never throws,
 * never blocks rendering: every entry point swallows its own failures.
 *
 * Each batch carries the view id the server signed for this page (the manifest's `rumView`: a server-rendered
 * page's, else /remotes.json's): the API counts nothing without it, and counts a view once per view id and remote
 * version, so a view is sent once per remote version and view id (a route shown later is only marked, for the
 * vitals' attribution).
 */
export type RumKind = 'view' | 'error' | 'lcp' | 'inp' | 'cls';
export type ErrorSource = 'error' | 'rejection' | 'boundary';

export interface RumEvent {
  app: string;
  version: string;
  route: string;
  kind: RumKind;
  value?: number;
  detail?: Record<string, unknown>;
}

/** POST /api/rum, named once in @lendview/contracts/routes like every API path of the pages. */
export const RUM_URL = rumIngest.path;
/** Views and errors are sent within this long (the canary's judge must see them quickly). */
export const FLUSH_DELAY_MS = 800;
/** A body well under the 64 KB sendBeacon / keepalive allow in flight (the API's own cap, RUM_BODY_MAX, is higher). */
const BATCH_BYTES = 60_000;
/** Errors sent per page load, and per distinct error: a page throwing in a loop sends a handful. */
const MAX_ERRORS = 25;
const MAX_SAME_ERROR = 3;
const LOAD_STATES = new Set<string>(RUM_LOAD_STATES);

export interface Transport {
  /** navigator.sendBeacon, when the browser has it. */
  beacon?: (url: string, body: string) => boolean;
  /** fetch, for the keepalive fallback. */
  fetch?: (url: string, init: RequestInit) => Promise<unknown>;
}

export interface RumClientOptions {
  transport: Transport;
  /** Page clock (performance.now()). */
  now?: () => number;
  pageId?: string;
  /** The page's signed view id, when known at start (a server-rendered page's). */
  viewId?: string;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** A random id of this page load: 32 hex characters; no device id, no session. */
export function newPageId(): string {
  try {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return `p${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.slice(0, 32).padEnd(8, '0');
  }
}

/** A metric as web-vitals reports it (web-vitals/attribution), narrowed to what is read. */
export interface VitalReport {
  name: 'LCP' | 'INP' | 'CLS';
  value: number;
  attribution?: Record<string, unknown>;
}

function finite(n: unknown, max: number): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.min(n, max) : undefined;
}

export class RumClient {
  readonly pageId: string;
  private readonly views: ViewMark[] = [];
  private current: ViewMark | undefined;
  private queue: RumEvent[] = [];
  private timer: unknown = null;
  private errorsSent = 0;
  private readonly seenErrors = new Map<string, number>();
  private readonly reported = new WeakSet<object>();
  /** The server's signed view id of this page (sent with every batch) and the remote versions it has sent a view of. */
  private viewId: string | undefined;
  private readonly viewsSent = new Set<string>();
  /** The page is being left: loads it aborts fail, and those failures are not the version's errors. */
  private leaving = false;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;

  constructor(private readonly options: RumClientOptions) {
    this.pageId = options.pageId ?? newPageId();
    this.viewId = options.viewId;
    this.now = options.now ?? (() => performance.now());
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  }

  /**
   * The page's signed view id (from the manifest the page renders with). A new one (the manifest was fetched
   * again) sends what is queued under the old one first: each batch goes with the id of the page it belongs to.
   */
  setViewId(viewId: string | undefined): boolean {
    try {
      if (!viewId || viewId === this.viewId) return false;
      if (this.viewId !== undefined && this.queue.length > 0) this.flush();
      this.viewId = viewId;
      this.viewsSent.clear();
      return true;
    } catch {
      return false;
    }
  }

  /** The remote `ref` rendered `pathname`: a view (the first of that version under this view id), sent within a second. */
  view(ref: RemoteRef, pathname: string, viewId?: string): void {
    try {
      const renewed = this.setViewId(viewId);
      const mark: ViewMark = { app: ref.app, version: ref.version, route: routeOf(pathname), at: this.now() };
      const last = this.current;
      if (!renewed && last && last.app === mark.app && last.version === mark.version && last.route === mark.route) return;
      this.views.push(mark);
      if (this.views.length > 100) this.views.splice(1, 1);
      this.current = mark;
      const key = `${mark.app}@${mark.version}`;
      if (this.viewsSent.has(key)) return;
      this.viewsSent.add(key);
      this.enqueue({ app: mark.app, version: mark.version, route: mark.route, kind: 'view' }, true);
    } catch {
      /* never throws */
    }
  }

  /** The page is being left (pagehide) or is back (pageshow from the back-forward cache). */
  setLeaving(leaving: boolean): void {
    this.leaving = leaving;
  }

  /** Leaving remote routes (a page of the shell's own): errors from now on have no route owner. */
  leave(): void {
    this.current = undefined;
  }

  /**
   * An error: attributed to the remote of its first frame under /remotes/<app>/<version>/, else to `owner` (the
   * remote whose boundary caught it), else to the current route's remote; dropped when none. Sent within a second.
   */
  error(error: unknown, source: ErrorSource, owner?: RemoteRef, location?: string): void {
    try {
      if (this.leaving) return;
      if (typeof error === 'object' && error !== null) {
        if (this.reported.has(error)) return;
        this.reported.add(error);
      }
      const e = error instanceof Error ? error : undefined;
      const rawStack = typeof e?.stack === 'string' ? e.stack : location;
      const ref = remoteOfStack(rawStack) ?? remoteOfStack(location) ?? owner ?? this.current;
      if (!ref) return;
      const name = e && /^[A-Za-z0-9_$.]{1,100}$/.test(e.name) ? e.name : undefined;
      const text = e
        ? e.message
        : typeof error === 'string'
          ? error
          : error === undefined || error === null
            ? String(error)
            : 'non-error value';
      const message = maskText(String(text), RUM_MESSAGE_MAX);
      const stack = rawStack ? maskStack(rawStack, RUM_STACK_MAX) : undefined;
      const key = `${ref.app}|${name ?? ''}|${message}|${(stack ?? '').split('\n', 3).join('|')}`;
      const seen = this.seenErrors.get(key) ?? 0;
      if (seen >= MAX_SAME_ERROR || this.errorsSent >= MAX_ERRORS) return;
      this.seenErrors.set(key, seen + 1);
      this.errorsSent++;
      const route = this.current?.app === ref.app ? this.current.route : (this.current?.route ?? routeOf(location ?? '/'));
      this.enqueue(
        {
          app: ref.app,
          version: ref.version,
          route,
          kind: 'error',
          detail: { source, ...(name ? { name } : {}), message, ...(stack ? { stack } : {}) },
        },
        true,
      );
    } catch {
      /* never throws */
    }
  }

  /** A web-vitals report: attributed to the view shown when it happened; sent with the next flush (page hidden). */
  vital(metric: VitalReport): void {
    try {
      const a = metric.attribution ?? {};
      const kind = metric.name.toLowerCase() as 'lcp' | 'inp' | 'cls';
      const lcpEntry = a.lcpEntry as { startTime?: number } | undefined;
      const time =
        kind === 'lcp'
          ? lcpEntry?.startTime
          : kind === 'inp'
            ? (a.interactionTime as number | undefined)
            : (a.largestShiftTime as number | undefined);
      const view = viewAt(this.views, time);
      if (!view) return;
      const value = finite(metric.value, kind === 'cls' ? RUM_CLS_MAX : RUM_MS_MAX);
      if (value === undefined) return;
      const targetRaw = kind === 'lcp' ? a.target : kind === 'inp' ? a.interactionTarget : a.largestShiftTarget;
      const phases: Record<string, number> = {};
      for (const p of RUM_PHASES) {
        const v = finite(a[p], p === 'largestShiftValue' ? RUM_CLS_MAX : RUM_MS_MAX);
        if (v !== undefined) phases[p] = Math.round(v * 1000) / 1000;
      }
      const detail: Record<string, unknown> = {};
      if (typeof targetRaw === 'string' && targetRaw) detail.target = maskText(targetRaw, RUM_TARGET_MAX).replace(/\n|\t/g, ' ');
      if (typeof a.loadState === 'string' && LOAD_STATES.has(a.loadState)) detail.loadState = a.loadState;
      if (kind === 'inp' && (a.interactionType === 'pointer' || a.interactionType === 'keyboard')) detail.type = a.interactionType;
      if (Object.keys(phases).length > 0) detail.phases = phases;
      this.enqueue(
        { app: view.app, version: view.version, route: view.route, kind, value, ...(Object.keys(detail).length ? { detail } : {}) },
        false,
      );
    } catch {
      /* never throws */
    }
  }

  private enqueue(event: RumEvent, soon: boolean): void {
    this.queue.push(event);
    if (this.queue.length > 500) this.queue.splice(0, this.queue.length - 500);
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    if (hidden) {
      // Reported while the page is being hidden (web-vitals reports then): send now, the page may be gone next.
      this.flush();
    } else if (soon && this.timer === null) {
      this.timer = this.setTimer(() => {
        this.timer = null;
        this.flush();
      }, FLUSH_DELAY_MS);
    }
  }

  /** Sends everything queued (the page is hidden or leaving, or a view / error is due). */
  flush(): void {
    try {
      const events = this.queue;
      this.queue = [];
      let batch: RumEvent[] = [];
      let bytes = 0;
      for (const e of events) {
        const size = JSON.stringify(e).length + 1;
        if (batch.length > 0 && (batch.length >= RUM_BATCH_MAX || bytes + size > BATCH_BYTES)) {
          this.send(batch);
          batch = [];
          bytes = 0;
        }
        batch.push(e);
        bytes += size;
      }
      if (batch.length > 0) this.send(batch);
    } catch {
      /* never throws */
    }
  }

  private send(events: RumEvent[]): void {
    const body = JSON.stringify({ pageId: this.pageId, ...(this.viewId ? { view: this.viewId } : {}), events });
    const { beacon, fetch: fetchImpl } = this.options.transport;
    try {
      if (beacon && beacon(RUM_URL, body)) return;
    } catch {
      /* fall back to fetch */
    }
    try {
      void fetchImpl?.(RUM_URL, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      }).catch(() => undefined);
    } catch {
      /* a measurement lost is only a measurement */
    }
  }
}
