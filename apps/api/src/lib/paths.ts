/**
 * Which paths are pages. Paths under NON_PAGE_PREFIXES, probe-like paths and paths with a file extension are
 * never pages: unknown ones answer a 404 envelope, never the shell's index.html. Page routes are the routes of
 * ARCHITECTURE.md's table, the shell's own, and the routes the published remotes declare in /remotes.json
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

/** ARCHITECTURE.md "Page routes" (the remotes also list theirs in /remotes.json, which may add new ones). */
export const ARCHITECTURE_PAGE_ROUTES = [
  '/',
  '/Policy',
  '/Loan',
  '/About',
  '/User',
  '/Contact',
  '/privacyPolicy',
  '/aboutUs',
  '/customerService',
  '/loanTerms',
  '/complaint',
  '/complainNewPage',
  '/intelligentCustomerService',
  '/complainPageNext',
  '/complaintList',
  '/complainDetails',
  '/loanDetails',
  '/confirm',
  '/relevant',
  '/error',
  '/that',
  '/individual',
  '/installment',
  '/repayDelay',
  '/repay',
  '/bindCard',
  '/promo',
] as const;

/** Routes the shell renders itself (apps/shell/src/App.tsx). */
export const SHELL_PAGE_ROUTES = ['/testPreview'] as const;

/** Matched as the shell matches them: exactly, a trailing slash ignored. */
export function isPageRoute(pathname: string, manifestRoutes: Iterable<string> = []): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((ARCHITECTURE_PAGE_ROUTES as readonly string[]).includes(path) || (SHELL_PAGE_ROUTES as readonly string[]).includes(path))
    return true;
  for (const r of manifestRoutes) if (r === path) return true;
  return false;
}

/** The path part of a request URL, without query or hash. */
export function pathnameOf(url: string): string {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}
