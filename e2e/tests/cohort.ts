import { createHash } from 'node:crypto';

/** The server's cohort bucket of a device for one remote (apps/api/src/releases/canary.ts cohortBucket). */
export const cohortBucket = (app: string, key: string) => createHash('sha256').update(`${app}\n${key}`).digest().readUInt32BE(0) % 100;

/** A device id that falls in the canary of `app` at `percent`, or outside it. */
export function deviceIn(app: string, percent: number, side: 'canary' | 'live'): string {
  for (let i = 0; ; i++) {
    const id = `e2e-cohort-device-${i}`;
    if (cohortBucket(app, id) < percent === (side === 'canary')) return id;
  }
}
