import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cx } from './cx.ts';
import { CloseIcon } from './icons/CloseIcon.tsx';
import { useCanPortal } from './use-can-portal.ts';

export interface ModalProps {
  open: boolean;
  /** Heading of the dialog; it also labels it. Without a title, give `aria-label`. */
  title?: ReactNode;
  /** Escape, the backdrop and the close button call it. Without it the dialog can only close from inside. */
  onClose?: () => void;
  /** Action row (buttons). */
  footer?: ReactNode;
  children?: ReactNode;
  /** 'center' (default): a card in the middle; 'bottom': a sheet from the bottom of the phone. */
  placement?: 'center' | 'bottom';
  /** Tapping the backdrop closes (default true when onClose is given). */
  closeOnBackdrop?: boolean;
  /** Shows an × button in the header (default false: the footer usually has Cancel). */
  showClose?: boolean;
  /** Element to focus when the dialog opens (default: the first focusable element, else the dialog). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  'aria-label'?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  // Elements out of the tab order (tabindex=-1, e.g. the unselected stars of a radio group) are skipped.
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

// Open dialogs, innermost last: only the top one answers Escape and traps Tab.
const stack: object[] = [];
let scrollLocks = 0;
let savedOverflow = '';

function lockScroll(): void {
  if (scrollLocks++ === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.classList.add('lv-scroll-locked');
  }
}

function unlockScroll(): void {
  if (--scrollLocks === 0) {
    document.body.style.overflow = savedOverflow;
    document.body.classList.remove('lv-scroll-locked');
  }
}

/** Accessible dialog (role=dialog, aria-modal), rendered into document.body. */
export function Modal({
  open,
  title,
  onClose,
  footer,
  children,
  placement = 'center',
  closeOnBackdrop,
  showClose = false,
  initialFocus,
  className,
  'aria-label': ariaLabel,
}: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  // A dialog open in server-rendered HTML appears right after hydration (use-can-portal.ts); the effect below waits
  // for it, so focus and the Tab trap find the dialog.
  const canPortal = useCanPortal();
  const shown = open && canPortal;
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  // initialFocus is read once, when the dialog opens: a new ref object on a later render must not reopen it.
  const initialFocusRef = useRef(initialFocus);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    initialFocusRef.current = initialFocus;
  });

  useEffect(() => {
    if (!shown) return;
    const token = {};
    stack.push(token);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    lockScroll();
    const dialog = dialogRef.current;
    if (dialog) {
      const target = initialFocusRef.current?.current ?? focusables(dialog)[0] ?? dialog;
      target.focus();
    }
    const onKeyDown = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token || !dialog) return;
      if (e.key === 'Escape') {
        if (onCloseRef.current) {
          e.preventDefault();
          e.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        e.preventDefault();
        dialog.focus();
      } else if (e.shiftKey && (active === first || !dialog.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      const i = stack.indexOf(token);
      if (i >= 0) stack.splice(i, 1);
      unlockScroll();
      if (previous && previous.isConnected) previous.focus();
    };
  }, [shown]);

  if (!shown) return null;
  const backdropCloses = (closeOnBackdrop ?? true) && !!onClose;

  return createPortal(
    <div
      className={cx('lv-modal', `lv-modal--${placement}`)}
      onMouseDown={(e) => {
        if (backdropCloses && e.target === e.currentTarget) onClose?.();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        className={cx('lv-modal__card', className)}
      >
        {(title || (showClose && onClose)) && (
          <div className="lv-modal__header">
            {title && (
              <h2 id={titleId} className="lv-modal__title">
                {title}
              </h2>
            )}
            {showClose && onClose && (
              <button type="button" className="lv-modal__close" aria-label={t('close')} onClick={onClose}>
                <CloseIcon />
              </button>
            )}
          </div>
        )}
        <div className="lv-modal__body">{children}</div>
        {footer && <div className="lv-modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
