import type { Queryable } from '../db/types.ts';

export interface RateLimitRule {
  /** Counter name, e.g. `sms:login:phone:13800000000`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit on a fixed-window counter in the rate_limits table and says whether it is within the
 * limit. One atomic upsert, so the limit holds across any number of API instances sharing the database.
 */
export async function hitRateLimit(db: Queryable, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const [row] = await db.query<{ hits: number; window_start: Date }>(
    `INSERT INTO rate_limits AS r (key, window_start, window_ms, hits)
     VALUES ($1, $2::timestamptz, $3::integer, 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start + r.window_ms * interval '1 millisecond' <= $2::timestamptz
                   THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start + r.window_ms * interval '1 millisecond' <= $2::timestamptz
                   THEN $2::timestamptz ELSE r.window_start END,
       window_ms = $3::integer
     RETURNING hits, window_start`,
    [rule.key, now, rule.windowMs],
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  if (row.hits <= rule.limit) return { allowed: true };
  const resetAt = row.window_start.getTime() + rule.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
}

/** Deletes counters whose window has ended (housekeeping). */
export async function purgeRateLimits(db: Queryable, now: Date): Promise<void> {
  await db.query(`DELETE FROM rate_limits WHERE window_start + window_ms * interval '1 millisecond' <= $1::timestamptz`, [
    now,
  ]);
}
