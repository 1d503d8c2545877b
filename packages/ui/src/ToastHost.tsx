import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx.ts';
import { AlertIcon } from './icons/AlertIcon.tsx';
import { CheckIcon } from './icons/CheckIcon.tsx';
import { toast, type ToastItem } from './toast.ts';
import { useCanPortal } from './use-can-portal.ts';

function ToastBody({ item }: { item: ToastItem }) {
  return (
    <div className={cx('lv-toast', `lv-toast--${item.type}`)}>
      {item.type === 'loading' && <span className="lv-spinner lv-spinner--light" aria-hidden="true" />}
      {item.type === 'success' && <CheckIcon className="lv-toast__icon" />}
      {item.type === 'error' && <AlertIcon className="lv-toast__icon" />}
      <span className="lv-toast__text">{item.message}</span>
    </div>
  );
}

const getServerSnapshot = () => null;
const subscribe = (listener: () => void) => toast.subscribe(listener);
const getSnapshot = () => toast.current();

/**
 * Renders the toast of the `toast` singleton. The two live regions stay in the page so screen readers announce
 * what appears in them: role=status (polite) for most toasts, role=alert for errors.
 */
export function ToastHost() {
  const item = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const canPortal = useCanPortal();
  if (!canPortal) return null;
  return createPortal(
    // A message goes at the top of the screen, where it covers no control it talks about (a field, the rating
    // stars, a dialog's buttons: issue 40); the loading indicator stays in the middle, where the eye is.
    <div className={cx('lv-toast-layer', item && item.type !== 'loading' && 'lv-toast-layer--message')}>
      <div role="status" aria-live="polite" aria-atomic="true" className="lv-toast-region">
        {item && item.type !== 'error' && <ToastBody key={item.id} item={item} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="lv-toast-region">
        {item && item.type === 'error' && <ToastBody key={item.id} item={item} />}
      </div>
    </div>,
    document.body,
  );
}
