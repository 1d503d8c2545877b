/**
 * Path prefixes that are never page routes: unknown paths under them answer a 404 envelope, never the
 * shell's index.html. Page routes (/, /that, /error, /repay, /loanDetails, ...) are everything else.
 */
export const NON_PAGE_PREFIXES = [
  '/v3/',
  '/h5-api/',
  '/user-problem/',
  '/api/',
  '/market/',
  '/dev/',
  '/payments/',
  // The operator API; its pages (/ops/templates, ...) are shell routes.
  '/ops/api/',
  '/healthz',
  '/remotes/',
  '/remotes.json',
  '/assets/',
] as const;

export function isNonPagePath(pathname: string): boolean {
  return NON_PAGE_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}

/** The path part of a request URL, without query or hash. */
export function pathnameOf(url: string): string {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}
