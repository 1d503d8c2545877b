import type { Queryable } from '../db/types.ts';
import { purgeSmsCodeGuards } from './sms-codes.ts';

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

/** Deletes counters whose window has ended, and SMS code guards with nothing left to remember (housekeeping). */
export async function purgeRateLimits(db: Queryable, now: Date): Promise<void> {
  await db.query(`DELETE FROM rate_limits WHERE window_start + window_ms * interval '1 millisecond' <= $1::timestamptz`, [now]);
  await purgeSmsCodeGuards(db, now);
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Per-borrower and per-IP caps beyond the SMS and promotion ones of `Limits` (docs/api.md "Limits"). Far above
 * what a person does through the pages; they stop scripts from flooding the operators' queue, the chatbot log
 * or the event tables, and hold across instances because they are counted in rate_limits.
 */
export const BORROWER_LIMITS = {
  /** New complaints per borrower per 24 h (replays of an idempotency key or of an identical complaint are free). */
  complaintsPerDay: { limit: 10, windowMs: DAY_MS },
  /** Chatbot records (qa-record) per borrower per minute. */
  chatbotPerMinute: { limit: 30, windowMs: MINUTE_MS },
  /** Product / page / stand events per borrower per minute, all kinds together. */
  eventsPerMinute: { limit: 120, windowMs: MINUTE_MS },
  /** SMS code checks (login or register) per client IP per hour, right or wrong. */
  smsChecksPerIpPerHour: { limit: 60, windowMs: HOUR_MS },
} as const;

/** The rule of a borrower (or IP) cap: `capRule('events', borrower.id, BORROWER_LIMITS.eventsPerMinute)`. */
export const capRule = (name: string, subject: string | number, cap: { limit: number; windowMs: number }): RateLimitRule => ({
  key: `cap:${name}:${subject}`,
  limit: cap.limit,
  windowMs: cap.windowMs,
});
