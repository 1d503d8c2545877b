import { SHARED_PARAM_NAMES } from '@lendview/contracts/routes';
import { getSharedParams, withSharedParams } from './shared-params.ts';

/**
 * The one place that builds URLs we hand to the browser for a navigation (issue 12 item 1: the session never
 * leaves our origin). Same origin: a page of this product, so the shared parameters ride along as on every
 * call (a navigation cannot carry the X-Lv-Token header). Another origin (a partner lender, a payment page):
 * none of our shared parameters, whatever their name says, and no query value or fragment that carries the
 * session token or device id under another name.
 *
 * Remotes never write `window.location` or `window.open` themselves: they call `navigateOutbound` (or pass
 * `buildOutboundUrl(url)` to an `href`); a source scan (outbound-lint.test.ts) keeps it that way.
 */

function currentOrigin(): string {
  return typeof location === 'undefined' || !location.origin || location.origin === 'null' ? 'http://localhost' : location.origin;
}

/** True when `url` (absolute, or relative to this page) is a page of our own origin. */
export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url.trim(), currentOrigin()).origin === currentOrigin();
  } catch {
    return false;
  }
}

/** Values that identify the borrower's session or device: never in a URL for another origin. */
function secretValues(): string[] {
  const { tok, dId } = getSharedParams();
  return [tok, dId].filter((v): v is string => typeof v === 'string' && v.length >= 4);
}

const SHARED = new Set<string>(SHARED_PARAM_NAMES);

/**
 * A URL for another origin without anything of ours: the shared parameter names removed from the query, and any
 * parameter or fragment whose value contains the session token or device id removed too. Only http(s) URLs are
 * allowed out; anything else (javascript:, data:) becomes '' (the caller then does nothing).
 */
export function externalUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), currentOrigin());
  } catch {
    return '';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return '';
  const secrets = secretValues();
  const leaks = (v: string) => secrets.some((s) => v.includes(s) || v.includes(encodeURIComponent(s)));
  const kept = new URLSearchParams();
  for (const [k, v] of parsed.searchParams) if (!SHARED.has(k) && !leaks(v) && !leaks(k)) kept.append(k, v);
  parsed.search = kept.toString();
  if (leaks(parsed.hash) || leaks(decodeURIComponentSafe(parsed.hash))) parsed.hash = '';
  // user:password@ in a URL is another place a credential could ride.
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The URL to navigate to: same origin → its path with the shared parameters (for the router or the browser);
 * another origin → `externalUrl(url)`.
 */
export function buildOutboundUrl(url: string): string {
  const target = url.trim();
  if (!target) return '';
  if (isSameOrigin(target)) {
    const parsed = new URL(target, currentOrigin());
    return withSharedParams(`${parsed.pathname}${parsed.search}${parsed.hash}`);
  }
  return externalUrl(target);
}

/**
 * Where navigations actually happen. One object so tests replace it (`vi.spyOn(outboundNav, 'assign')`): jsdom
 * cannot navigate, and window.location cannot be spied on. This is the only `location.assign` of the remotes.
 */
export const outboundNav = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Leaves the page for `url` through `buildOutboundUrl`. Returns the URL used ('' when refused). */
export function navigateOutbound(url: string): string {
  const target = buildOutboundUrl(url);
  if (target) outboundNav.assign(target);
  return target;
}
