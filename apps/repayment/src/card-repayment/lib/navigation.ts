import { buildOutboundUrl, navigateOutbound } from '@lendview/api-client';

/**
 * Leaving the app's pages for another address. One object so that tests can replace it
 * (`vi.spyOn(externalNav, 'assign')`): jsdom cannot navigate, and window.location cannot be spied on.
 */
export const externalNav = {
  assign(url: string): void {
    // The shared outbound helper (issue 12 item 1): the only place that decides what a URL may carry.
    navigateOutbound(url);
  },
};

/**
 * Where a payment URL from the server sends the borrower: a page of this product (same origin) gets the shared
 * parameters, so it knows the session as every call does; another origin (the payment provider) gets the URL as
 * it is: the session token never leaves for a third party.
 */
export function paymentTarget(url: string): string {
  return buildOutboundUrl(url);
}

/** `/loanDetails?productId&orderId` (productId only when known: repayment-way does not carry it). */
export function loanDetailsPath(orderId: string, productId: string): string {
  const q = new URLSearchParams();
  if (productId) q.set('productId', productId);
  q.set('orderId', orderId);
  return `/loanDetails?${q}`;
}

/** The query that travels between /repay and /bindCard. */
export function orderQuery(orderId: string, productId: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  q.set('orderId', orderId);
  if (productId) q.set('productId', productId);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}
