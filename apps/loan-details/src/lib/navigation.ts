import { buildOutboundUrl, navigateOutbound } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';

/**
 * Leaving the app's pages for another address. One object so that tests can replace it
 * (`vi.spyOn(externalNav, 'assign')`): jsdom cannot navigate, and window.location cannot be spied on.
 * Whatever a caller passes goes through the shared outbound helper (issue 12 item 1): our pages get the shared
 * parameters, another origin never gets the session token or any other shared parameter.
 */
export const externalNav = {
  assign(url: string): void {
    navigateOutbound(url);
  },
};

const isHttp = (url: string) => /^https?:\/\//i.test(url);

/**
 * Spec 7.5 / 7.6: a link from an apply call. One starting with http(s) opens in the web view: a partner's page
 * with only the one-time joint-login code the server put there, never our session; anything else (an app
 * route) goes to the native bridge.
 */
export function openProductUrl(url: string): void {
  const target = url.trim();
  if (!target) return;
  if (isHttp(target)) externalNav.assign(buildOutboundUrl(target));
  else bridge.openPage(target);
}

/**
 * A URL from the server that may be a page of this product: same origin → the router path (with `extra`
 * added to its query) for react-router; another origin → the absolute URL (with `extra`) for the browser.
 */
export function resolveTarget(url: string, extra: Record<string, string> = {}): { internal: string } | { external: string } {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const parsed = new URL(url.trim(), origin);
  for (const [k, v] of Object.entries(extra)) parsed.searchParams.set(k, v);
  if (parsed.origin === origin) return { internal: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { external: parsed.toString() };
}
