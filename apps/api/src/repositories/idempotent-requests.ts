import type { Queryable } from '../db/types.ts';

// Idempotent borrower writes (migration 027, lib/idempotency.ts).

export interface IdempotentRequestId {
  borrowerId: number;
  /** The route's name in @lendview/contracts. */
  route: string;
  key: string;
}

export type IdempotentClaim =
  /** This request runs the write (a new key, or a retry after the first one's lease ran out). */
  | { kind: 'run' }
  /** The first request with this key succeeded: its answer. */
  | { kind: 'answered'; response: unknown }
  /** The first request with this key is still running. */
  | { kind: 'running' }
  /** The key was used for another request. */
  | { kind: 'other-request' };

/**
 * Claims a key for one request in one statement, so of 20 concurrent copies exactly one runs: a new key is
 * inserted with its lease; a known key is taken over only when its request is the same, unanswered, and its
 * lease has run out. Otherwise the row says why not.
 */
export async function claimIdempotentRequest(
  db: Queryable,
  id: IdempotentRequestId & { requestHash: string; now: Date; leaseUntil: Date },
): Promise<IdempotentClaim> {
  const claimed = await db.query(
    `INSERT INTO idempotent_requests AS r (borrower_id, route, key, request_hash, locked_until, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (borrower_id, route, key) DO UPDATE SET locked_until = EXCLUDED.locked_until
       WHERE r.response IS NULL AND r.request_hash = EXCLUDED.request_hash AND r.locked_until <= $6
     RETURNING 1`,
    [id.borrowerId, id.route, id.key, id.requestHash, id.leaseUntil, id.now],
  );
  if (claimed.length > 0) return { kind: 'run' };
  const row = await readIdempotentRequest(db, id);
  if (!row) return { kind: 'running' }; // released between the two statements: the caller looks again
  if (row.request_hash !== id.requestHash) return { kind: 'other-request' };
  if (row.response !== null) return { kind: 'answered', response: JSON.parse(row.response) as unknown };
  return { kind: 'running' };
}

export async function readIdempotentRequest(
  db: Queryable,
  id: IdempotentRequestId,
): Promise<{ request_hash: string; response: string | null } | undefined> {
  const [row] = await db.query<{ request_hash: string; response: string | null }>(
    'SELECT request_hash, response FROM idempotent_requests WHERE borrower_id = $1 AND route = $2 AND key = $3',
    [id.borrowerId, id.route, id.key],
  );
  return row;
}

/** Keeps the answer sent for the key's later copies. */
export async function storeIdempotentAnswer(db: Queryable, id: IdempotentRequestId, response: unknown): Promise<void> {
  await db.query(
    `UPDATE idempotent_requests SET response = $4, locked_until = NULL
     WHERE borrower_id = $1 AND route = $2 AND key = $3`,
    [id.borrowerId, id.route, id.key, JSON.stringify(response)],
  );
}

/** Forgets an unanswered key (the write was refused): a retry asks again. */
export async function releaseIdempotentRequest(db: Queryable, id: IdempotentRequestId): Promise<void> {
  await db.query('DELETE FROM idempotent_requests WHERE borrower_id = $1 AND route = $2 AND key = $3 AND response IS NULL', [
    id.borrowerId,
    id.route,
    id.key,
  ]);
}

/** Keys older than a day (the client forgets a key at the first answer; a day covers any retry). */
export async function purgeIdempotentRequests(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM idempotent_requests WHERE created_at <= $1', [new Date(now.getTime() - 24 * 60 * 60 * 1000)]);
}
