import { purgeCaptchas } from '../repositories/captchas.ts';
import { purgeIdempotentRequests } from '../repositories/idempotent-requests.ts';
import { expirePayments } from '../repositories/payments.ts';
import { purgeOperatorSessions } from '../repositories/operators.ts';
import { purgeRateLimits } from '../repositories/rate-limits.ts';
import type { Queryable } from './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping run by the server every hour: ended rate-limit windows, expired sessions, SMS codes and outbox
 * rows older than a week, idempotency keys older than a day (the outbox is a local stand-in for a gateway, not an archive); pending payments whose
 * time ran out become 'expired' (payments are records: never deleted).
 */
export async function purgeExpired(db: Queryable, now: Date): Promise<void> {
  await purgeRateLimits(db, now);
  await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
  await purgeOperatorSessions(db, now);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  await db.query('DELETE FROM sms_codes WHERE expires_at <= $1', [weekAgo]);
  await db.query('DELETE FROM sms_outbox WHERE created_at <= $1', [weekAgo]);
  await expirePayments(db, now);
  await purgeCaptchas(db, now);
  await purgeIdempotentRequests(db, now);
}
