import type { Queryable } from '../db/types.ts';
import { purgeCaptchas } from '../repositories/captchas.ts';
import { purgeIdempotentRequests } from '../repositories/idempotent-requests.ts';
import { purgeOperatorSessions } from '../repositories/operators.ts';
import { expirePayments } from '../repositories/payments.ts';
import { purgeRateLimits } from '../repositories/rate-limits.ts';
import { purgeExpiredSessions } from '../repositories/sessions.ts';
import { purgeSmsCodes } from '../repositories/sms-codes.ts';
import { purgeOutboxMessages } from '../repositories/sms-outbox.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping run by the server every hour (services/jobs.ts): ended rate-limit windows, expired sessions, SMS
 * codes and outbox rows older than a week, idempotency keys older than a day (the outbox is a local stand-in for a
 * gateway, not an archive); pending payments whose time ran out become 'expired' (payments are records: never
 * deleted).
 */
export async function purgeExpired(db: Queryable, now: Date): Promise<void> {
  await purgeRateLimits(db, now);
  await purgeExpiredSessions(db, now);
  await purgeOperatorSessions(db, now);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  await purgeSmsCodes(db, weekAgo);
  await purgeOutboxMessages(db, weekAgo);
  await expirePayments(db, now);
  await purgeCaptchas(db, now);
  await purgeIdempotentRequests(db, now);
}
