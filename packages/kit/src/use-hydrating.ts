import { useSyncExternalStore } from 'react';

// Server-rendered pages (issue 14) are hydrated. What only the browser knows (a draft in localStorage, progress in
// sessionStorage, the address's #hash route) must be left out of the hydration render, which has to draw exactly the
// server's markup, and applied in the render right after. useSyncExternalStore's server snapshot is what React uses on
// the server and while hydrating; its client snapshot everywhere else.

const subscribeNever = () => () => {};
const notHydrating = () => false;
const hydrating = () => true;

/** True on the server and while React hydrates its markup; false in a browser render (and a client-rendered page). */
export function useHydrating(): boolean {
  return useSyncExternalStore(subscribeNever, notHydrating, hydrating);
}
