import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  /** Whole seconds left (0 when not running). */
  remaining: number;
  running: boolean;
  /** Starts (or restarts) from `seconds`. */
  start: () => void;
  /** Stops; back to ready. */
  reset: () => void;
}

/**
 * A countdown of `seconds` (spec 4.4 / 9: 60). It counts against the clock, not by ticks, so a web view that
 * was in the background shows the right number when it comes back.
 */
export function useCountdown(seconds = 60): Countdown {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endAt === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const t = Date.now();
      const left = endAt - t;
      if (left <= 0) {
        setEndAt(null);
        return;
      }
      setNow(t);
      // Next tick when the displayed whole second changes.
      timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        clearTimeout(timer);
        tick();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [endAt]);

  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setEndAt(t + seconds * 1000);
  }, [seconds]);
  const reset = useCallback(() => setEndAt(null), []);

  const remaining = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));
  return { remaining, running: remaining > 0, start, reset };
}
