import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from './icons/AlertIcon.tsx';
import { useCanPortal } from './use-can-portal.ts';

// Issue 40 item 1: offline is said before the tap where the browser knows it (navigator.onLine and its
// online / offline events), so a borrower does not fill a form and tap Confirm to learn it. A write tapped anyway
// still fails at once with the page's own message and is never sent by itself later (AppProviders' networkMode).
const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const isOnline = () => navigator.onLine;
// The server cannot know; the notice is a portal, so it has no part in the server's markup either way.
const onServer = () => true;

/** A bar at the top of the screen while the browser says it has no connection. */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  const online = useSyncExternalStore(subscribe, isOnline, onServer);
  const canPortal = useCanPortal();
  // Rendered only while offline (a live region of its own, not a second empty one beside the toast's).
  if (!canPortal || online) return null;
  return createPortal(
    <p role="status" className="lv-offline" data-testid="offline-notice">
      <AlertIcon className="lv-offline__icon" />
      <span>{t('offline')}</span>
    </p>,
    document.body,
  );
}
