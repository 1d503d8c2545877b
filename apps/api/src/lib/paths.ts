import chatbot from '../../../complaint-chatbot/package.json' with { type: 'json' };
import loanDetails from '../../../loan-details/package.json' with { type: 'json' };
import marketing from '../../../marketing/package.json' with { type: 'json' };
import opsConsole from '../../../ops-console/package.json' with { type: 'json' };
import promotion from '../../../promotion-registration/package.json' with { type: 'json' };
import repayment from '../../../repayment/package.json' with { type: 'json' };

/**
 * Which paths are pages. Paths under NON_PAGE_PREFIXES, probe-like paths and paths with a file extension are
 * never pages: unknown ones answer a 404 envelope, never the shell's index.html. Page routes are the remotes' route
 * tables, the shell's own, and the routes the published remotes declare in /remotes.json
 * (plugins/app/errors.ts decides what an unknown page-like path gets).
 */
export const NON_PAGE_PREFIXES = [
  '/v3/',
  '/h5-api/',
  '/user-problem/',
  '/api/',
  '/market/',
  '/dev/',
  '/payments/',
  '/partner/',
  // The operator API; its pages (/ops/templates, ...) are shell routes.
  '/ops/api/',
  '/healthz',
  '/readyz',
  '/metrics',
  '/remotes/',
  '/remotes.json',
  '/assets/',
] as const;

/**
 * Paths monitoring tools and scanners try (/livez, /health, /status, /actuator/health, /.well-known/...): a 404
 * envelope whatever they accept, so a probe pointed at the wrong path fails instead of reading the shell as "up".
 */
const PROBE_LIKE =
  /^\/(\.well-known|actuator|health[\w-]*|healthcheck|ready[\w-]*|readiness|live[\w-]*|liveness|metrics[\w-]*|status|ping|version|info|debug|server-status|_[\w-]*)(\/|$)/i;

export function isNonPagePath(pathname: string): boolean {
  return NON_PAGE_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p)) || PROBE_LIKE.test(pathname);
}

/**
 * The page routes of the product: each remote's route table (`lendview.routes` in its package.json, which also feeds
 * /remotes.json and each remote's route test), read at build time, so this list is never a copy to keep in step.
 * /remotes.json may add routes of a remote released later (isPageRoute's manifestRoutes).
 */
export const REMOTE_PAGE_ROUTES: readonly string[] = [
  ...new Set([chatbot, loanDetails, marketing, opsConsole, promotion, repayment].flatMap((pkg) => pkg.lendview.routes)),
];

/** Routes the shell renders itself (apps/shell/src/App.tsx). */
export const SHELL_PAGE_ROUTES = ['/testPreview'] as const;

/** Matched as the shell matches them: exactly, a trailing slash ignored. */
export function isPageRoute(pathname: string, manifestRoutes: Iterable<string> = []): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (REMOTE_PAGE_ROUTES.includes(path) || (SHELL_PAGE_ROUTES as readonly string[]).includes(path)) return true;
  for (const r of manifestRoutes) if (r === path) return true;
  return false;
}

/** The path part of a request URL, without query or hash. */
export function pathnameOf(url: string): string {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}
