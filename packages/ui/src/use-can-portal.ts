import { useSyncExternalStore } from 'react';

// A portal into document.body has no place in server-rendered HTML. So the answer is false on the server and during
// the hydration of a server-rendered page (React uses the server snapshot there, and the markup matches), then true
// on the render right after; a page the browser renders itself gets true at once.
const noChange = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/** Whether this render may portal into document.body (see above). */
export function useCanPortal(): boolean {
  return useSyncExternalStore(noChange, inBrowser, onServer) && typeof document !== 'undefined';
}
