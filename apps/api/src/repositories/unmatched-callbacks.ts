import type { UnmatchedCallbackReason, UnmatchedCallbackState } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';

/**
 * Signed provider callbacks we could not match (migration 023, docs/repayment.md "Callbacks we could not match"):
 * one row per distinct callback (dedupe_key), redeliveries counted on it; open → resolved by an operator.
 */

export interface UnmatchedCallback {
  id: number;
  reason: UnmatchedCallbackReason;
  eventId: string | null;
  reference: string | null;
  amount: number | null;
  rawBody: string;
  firstReceivedAt: Date;
  lastReceivedAt: Date;
  deliveries: number;
  state: UnmatchedCallbackState;
  resolvedAt: Date | null;
  resolvedBy: number | null;
  /** The resolving operator's username (null while open). */
  resolvedByName: string | null;
  note: string;
}

interface DbRow {
  id: number;
  reason: UnmatchedCallbackReason;
  event_id: string | null;
  reference: string | null;
  amount: number | null;
  raw_body: string;
  first_received_at: Date;
  last_received_at: Date;
  deliveries: number;
  state: UnmatchedCallbackState;
  resolved_at: Date | null;
  resolved_by: number | null;
  resolved_by_name: string | null;
  note: string;
}

const toRow = (r: DbRow): UnmatchedCallback => ({
  id: r.id,
  reason: r.reason,
  eventId: r.event_id,
  reference: r.reference,
  amount: r.amount,
  rawBody: r.raw_body,
  firstReceivedAt: r.first_received_at,
  lastReceivedAt: r.last_received_at,
  deliveries: r.deliveries,
  state: r.state,
  resolvedAt: r.resolved_at,
  resolvedBy: r.resolved_by,
  resolvedByName: r.resolved_by_name,
  note: r.note,
});

const SELECT = `
  SELECT u.*, o.username AS resolved_by_name
    FROM unmatched_callbacks u
    LEFT JOIN operators o ON o.id = u.resolved_by`;

/**
 * Records one delivery, in one statement (atomic under concurrent deliveries on PostgreSQL): a new row, or on the
 * same dedupe_key one more delivery and the latest receipt time. What the first delivery recorded (reason, body,
 * state) stays; a resolved one stays resolved (its deliveries still count). Returns the row's id.
 */
export async function recordUnmatchedDelivery(
  db: Queryable,
  c: {
    dedupeKey: string;
    reason: UnmatchedCallbackReason;
    eventId: string | null;
    reference: string | null;
    amount: number | null;
    rawBody: string;
    receivedAt: Date;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO unmatched_callbacks (dedupe_key, reason, event_id, reference, amount, raw_body, first_received_at, last_received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (dedupe_key) DO UPDATE
       SET deliveries = unmatched_callbacks.deliveries + 1,
           last_received_at = GREATEST(unmatched_callbacks.last_received_at, EXCLUDED.last_received_at)
     RETURNING id`,
    [c.dedupeKey, c.reason, c.eventId, c.reference, c.amount, c.rawBody, c.receivedAt],
  );
  return row!.id;
}

/** Newest first. */
export async function listUnmatchedCallbacks(
  db: Queryable,
  q: { state: UnmatchedCallbackState; limit: number; offset: number },
): Promise<{ rows: UnmatchedCallback[]; total: number }> {
  const rows = await db.query<DbRow>(`${SELECT} WHERE u.state = $1 ORDER BY u.id DESC LIMIT $2 OFFSET $3`, [q.state, q.limit, q.offset]);
  const [count] = await db.query<{ n: number }>('SELECT count(*)::bigint AS n FROM unmatched_callbacks WHERE state = $1', [q.state]);
  return { rows: rows.map(toRow), total: count?.n ?? 0 };
}

export async function findUnmatchedCallback(db: Queryable, id: number): Promise<UnmatchedCallback | null> {
  const [row] = await db.query<DbRow>(`${SELECT} WHERE u.id = $1`, [id]);
  return row ? toRow(row) : null;
}

/**
 * Resolves an open one in one statement: true when this call resolved it, false when it is not open (or does not
 * exist). Of concurrent calls exactly one gets true (the row lock re-checks state = 'open').
 */
export async function resolveUnmatchedCallback(
  db: Queryable,
  r: { id: number; operatorId: number; note: string; now: Date },
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE unmatched_callbacks SET state = 'resolved', resolved_at = $3, resolved_by = $2, note = $4
      WHERE id = $1 AND state = 'open' RETURNING id`,
    [r.id, r.operatorId, r.now, r.note],
  );
  return rows.length === 1;
}
