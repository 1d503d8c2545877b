import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import {
  freeReleaseLock,
  lockedReleaseLockHolder,
  releaseLockHolder,
  renewReleaseLock,
  tryTakeReleaseLock,
} from '../repositories/releases.ts';
import { ReleaseError } from './builds.ts';

// The release tables' SQL is in repositories/releases.ts; this module keeps the lease rules of the release lock and
// re-exports the repository, so `releases/catalog.ts` stays the one import of the release code.
export * from '../repositories/releases.ts';

// --- The release lock --------------------------------------------------------------------------------------------

/** How long a lease lasts without renewal: a command that died leaves the lock for at most this long. */
export const LEASE_MS = 120_000;
const RENEW_MS = 30_000;

export interface ReleaseLock {
  /** The random token of this holder (the switch checks it under FOR UPDATE). */
  readonly token: string;
  release(): Promise<void>;
}

/**
 * Takes the release lock at once, or refuses with who holds it: one release, rollback or publish at a time for
 * the whole database, so two of them cannot both read the live version and one lose its switch. The lock is a
 * lease on the release_lock row (compare-and-set, no transaction held open while files upload), renewed while
 * the holder runs; the switch itself runs in a transaction that re-reads the row FOR UPDATE and checks the
 * token (switchUnderLock), so a holder whose lease expired can never switch.
 */
export async function takeReleaseLock(db: Db, who: string): Promise<ReleaseLock> {
  const token = randomUUID();
  if (!(await tryTakeReleaseLock(db, token, who, LEASE_MS / 1000))) {
    const held = await releaseLockHolder(db);
    throw new ReleaseError(
      `another release is in progress (${held?.held_by ?? 'unknown'} since ${held?.since?.toISOString() ?? '?'}): try again when it has ` +
        `finished. A lock left by a command that died expires at ${held?.until?.toISOString() ?? '?'}.`,
    );
  }
  let released = false;
  const renew = setInterval(() => {
    renewReleaseLock(db, token, LEASE_MS / 1000).catch(() => {});
  }, RENEW_MS);
  renew.unref();
  return {
    token,
    async release() {
      if (released) return;
      released = true;
      clearInterval(renew);
      await freeReleaseLock(db, token);
    },
  };
}

/** Runs `fn` in a transaction that holds the lock row FOR UPDATE and is refused unless `lock` still holds it. */
export async function switchUnderLock<T>(db: Db, lock: ReleaseLock, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if ((await lockedReleaseLockHolder(tx)) !== lock.token)
      throw new ReleaseError('the release lock was lost (held past its lease by a stalled command): nothing was switched; run it again');
    return fn(tx);
  });
}
