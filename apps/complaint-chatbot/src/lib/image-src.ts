import { withSharedParams } from '@lendview/api-client';

/**
 * The address to show a complaint photo from. A photo the API serves itself (same origin) is behind the
 * borrower's session like every call; an <img> cannot send the X-Lv-Token header, so the shared params (tok,
 * ...) go in its query, as loan-details does for agreement pages. Other addresses (a CDN, a blob: preview)
 * are used as they are.
 */
export function imageSrc(url: string): string {
  const u = url.trim();
  if (!u || /^(blob|data):/i.test(u)) return u;
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  let parsed: URL;
  try {
    parsed = new URL(u, origin);
  } catch {
    return u;
  }
  if (parsed.origin !== origin) return u;
  return withSharedParams(`${parsed.pathname}${parsed.search}${parsed.hash}`);
}
