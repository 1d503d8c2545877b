import { configureApiClient } from '@lendview/api-client';
import { bridge, onSessionEnded } from '@lendview/bridge';

/**
 * Issue 12 item 10, done once for every remote: a borrower call answered UNAUTHORIZED (expired, unknown or
 * missing session) calls the bridge's backToLogin (spec 7.7) — the native login screen inside the app — and the
 * shell shows its "your session has ended, log in again" screen instead of the page (in a browser that screen
 * is the way back; in the app it stays behind the native login). Never a Retry that cannot work.
 */

let ended = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const isSessionEnded = () => ended;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session is over: once per page, however many calls answered 401 together. */
export function endSession(): void {
  if (ended) return;
  ended = true;
  notify();
  bridge.backToLogin();
}

/** After a new login (or in tests). */
export function resetSession(): void {
  if (!ended) return;
  ended = false;
  notify();
}

/** Wires the api-client's 401 hook and the bridge's browser fallback to the screen. Returns the undo. */
export function installSessionGuard(): () => void {
  configureApiClient({ onUnauthorized: () => endSession() });
  const off = onSessionEnded(() => {
    // backToLogin called by a remote itself: show the screen too (the bridge then stays on this page).
    if (!ended) {
      ended = true;
      notify();
    }
  });
  return () => {
    off();
    configureApiClient({ onUnauthorized: undefined });
  };
}
