import type { Db, Queryable } from '../db/types.ts';

/**
 * One transaction of a money path, retried when PostgreSQL aborts it for a serialization failure (SQLSTATE 40001)
 * or a deadlock (40P01) (docs/repayment.md "Locks and retries"). Every money path takes the order row first
 * (`SELECT … FOR UPDATE` on orders, then payments, instalments, the ledger), which makes deadlocks between them
 * impossible; the retry is the safety net for what is left (housekeeping updating payments, a future path that
 * gets the order wrong, SERIALIZABLE). The whole function runs again from the start in a new transaction, so it
 * must not have effects outside the database that cannot be repeated: provider calls inside take an idempotency
 * key (the bill number) and answer the same the second time.
 *
 * PGlite runs one transaction at a time, so nothing is ever retried there; the same code is correct on both.
 */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40001', '40P01']);

export interface RetryOptions {
  /** Tries in all (first included). */
  attempts?: number;
  /** Backoff before try n (n ≥ 2): random in [0, baseDelayMs × 2^(n-2)] ("full jitter"), so racers spread out. */
  baseDelayMs?: number;
  /** Told about each retry (the caller logs it). */
  onRetry?: (info: { attempt: number; sqlState: string; delayMs: number }) => void;
  /** For tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const DEFAULT_RETRY_ATTEMPTS = 5;
const DEFAULT_BASE_DELAY_MS = 15;

/** The SQLSTATE of a database error (pg and PGlite both put it on `code`), if it is one we retry. */
export function retryableSqlState(err: unknown): string | null {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code) ? code : null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetriedTransaction<T>(db: Db, fn: (tx: Queryable) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? DEFAULT_RETRY_ATTEMPTS);
  const base = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      const sqlState = retryableSqlState(err);
      if (sqlState === null || attempt >= attempts) throw err;
      const delayMs = Math.round(random() * base * 2 ** (attempt - 1));
      options.onRetry?.({ attempt: attempt + 1, sqlState, delayMs });
      await sleep(delayMs);
    }
  }
}
