export type ToastType = 'default' | 'info' | 'success' | 'error' | 'loading';

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds before it hides; null or Infinity keeps it until hidden. Default by type (TOAST_DURATIONS). */
  duration?: number | null;
}

export interface ToastItem {
  id: number;
  message: string;
  type: ToastType;
  /** null: stays until hidden. */
  duration: number | null;
}

/** Spec 9: default 3 s; info and success 2 s; loading stays until hidden. Errors last as long as the default. */
export const TOAST_DURATIONS: Readonly<Record<ToastType, number | null>> = Object.freeze({
  default: 3000,
  info: 2000,
  success: 2000,
  error: 3000,
  loading: null,
});

type Listener = () => void;

let current: ToastItem | null = null;
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

function clearTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function hideId(id: number): void {
  if (current?.id !== id) return;
  clearTimer();
  current = null;
  emit();
}

const noop = () => {};

/**
 * One toast at a time (a new one replaces the shown one), rendered by `<ToastHost/>`. Each call returns a
 * function that hides that toast only (not one shown after it).
 */
export const toast = {
  show(message: string, options: ToastOptions = {}): () => void {
    if (!message) return noop;
    const type = options.type ?? 'default';
    const d = options.duration === undefined ? TOAST_DURATIONS[type] : options.duration;
    const duration = d === null || !Number.isFinite(d) ? null : Math.max(0, d);
    clearTimer();
    const id = ++seq;
    current = { id, message, type, duration };
    if (duration !== null) timer = setTimeout(() => hideId(id), duration);
    emit();
    return () => hideId(id);
  },
  info(message: string, duration?: number): () => void {
    return toast.show(message, { type: 'info', duration });
  },
  success(message: string, duration?: number): () => void {
    return toast.show(message, { type: 'success', duration });
  },
  error(message: string, duration?: number): () => void {
    return toast.show(message, { type: 'error', duration });
  },
  /** Stays until the returned function (or toast.hide) is called. */
  loading(text: string): () => void {
    return toast.show(text, { type: 'loading' });
  },
  /** Hides whatever toast is shown. */
  hide(): void {
    if (current) hideId(current.id);
  },
  /** The toast shown now (for the host and tests). */
  current(): ToastItem | null {
    return current;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export type Toast = typeof toast;
