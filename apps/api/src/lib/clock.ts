/** The API's notion of "now". Every time comparison goes through it (SQL gets it as a parameter), so tests
 * can move time forward without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(start: Date = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(d) {
      current = d.getTime();
    },
  };
}
