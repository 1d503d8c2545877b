/**
 * Which remote an error belongs to (docs/releasing.md "Real-user signals"): the first stack frame served from
 * `/remotes/<app>/<version>/` names the app and the exact version this page loaded (with a canary or a preview,
 * not necessarily the live one); without such a frame, the remote that renders the current route.
 */
export interface RemoteRef {
  app: string;
  version: string;
}

const FRAME = /\/remotes\/([a-z0-9][a-z0-9-]{0,63})\/([0-9A-Za-z][0-9A-Za-z.+-]{0,63})\//;

/** The remote of the first frame under /remotes/<app>/<version>/ in a stack (or a script URL), or undefined. */
export function remoteOfStack(stack: string | undefined): RemoteRef | undefined {
  if (!stack) return undefined;
  for (const line of stack.split('\n')) {
    const m = FRAME.exec(line);
    if (m) return { app: m[1]!, version: m[2]! };
  }
  return undefined;
}

/** A view of a remote at a moment of the page (performance.now()). */
export interface ViewMark extends RemoteRef {
  route: string;
  at: number;
}

/**
 * The view a web-vitals metric belongs to: the last view shown at `time` (LCP: the largest paint's time; INP: the
 * interaction's; CLS: the largest shift's), else the page's first view (a metric from before any remote rendered
 * belongs to the page the borrower landed on).
 */
export function viewAt(views: readonly ViewMark[], time: number | undefined): ViewMark | undefined {
  if (views.length === 0) return undefined;
  if (time === undefined || !Number.isFinite(time)) return views[0];
  let found: ViewMark | undefined;
  for (const v of views) if (v.at <= time) found = v;
  return found ?? views[0];
}
