import { useSyncExternalStore } from 'react';

// /promo and /landing are server-rendered (issue 14) and hydrated. What only the browser knows (the registration's
// saved progress in sessionStorage, the address's #hash route) must be left out of the hydration render, which has
// to draw exactly the server's markup, and applied in the render right after. useSyncExternalStore's server
// snapshot is what React uses on the server and while hydrating; its client snapshot everywhere else. (complaint-chatbot
// and repayment have a copy: a hook added to the shared @lendview/ui would run as the live shell's copy, and a shell
// released before it has none.)

const subscribeNever = () => () => {};
const notHydrating = () => false;
const hydrating = () => true;

/** True on the server and while React hydrates its markup; false in a browser render (and a client-rendered page). */
export function useHydrating(): boolean {
  return useSyncExternalStore(subscribeNever, notHydrating, hydrating);
}
