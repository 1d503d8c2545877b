import type { Queryable } from '../db/types.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { badRequest, rateLimited } from '../lib/errors.ts';
import type { SmsPurpose } from '../providers/sms.ts';
import { BORROWER_LIMITS, capRule, hitRateLimit, type RateLimitRule } from '../repositories/rate-limits.ts';
import { smsCodeLock, type SmsCodeCheck } from '../repositories/sms-codes.ts';

/**
 * The SMS-code rules the login and the registration share (docs/api.md "SMS code rules"): who may get a new
 * code, who may try one, and what a failed check answers. One place, so both flows answer alike.
 */

export const smsCodeLocked = (seconds: number) => rateLimited('smsCodeLocked', seconds, { minutes: Math.ceil(seconds / 60) });

/**
 * The failures of an SMS code check as envelopes: one message for wrong, expired, used and never-sent codes (so
 * nobody learns whether a phone is registered or has a code), and one lock message with Retry-After.
 */
export function smsCodeFailure(check: Exclude<SmsCodeCheck, { result: 'ok' }>) {
  if (check.result === 'locked') return smsCodeLocked(check.retryAfterSeconds);
  return badRequest(check.remaining === 1 ? 'smsCodeRejectedOne' : 'smsCodeRejected', { remaining: check.remaining });
}

/** A rate rule whose refusal answers RATE_LIMITED with its own message. */
export type CodeRule = RateLimitRule & { message: MessageKey };

/**
 * Before a new code is made for `phone`: a phone locked after wrong codes cannot use a new one (said to every
 * phone alike, registered or not), then each rule in order counts the request.
 */
export async function assertNewCodeAllowed(
  db: Queryable,
  input: { phone: string; purpose: SmsPurpose; rules: readonly CodeRule[]; now: Date },
): Promise<void> {
  const locked = await smsCodeLock(db, input.phone, input.purpose, input.now);
  if (locked !== null) throw smsCodeLocked(locked);
  for (const rule of input.rules) {
    const verdict = await hitRateLimit(db, rule, input.now);
    if (!verdict.allowed) throw rateLimited(rule.message, verdict.retryAfterSeconds);
  }
}

/** Code checks per client IP (login and registration together): bounds guessing across many phones. */
export async function assertCodeCheckAllowed(db: Queryable, ip: string, now: Date): Promise<void> {
  const perIp = await hitRateLimit(db, capRule('sms-check:ip', ip, BORROWER_LIMITS.smsChecksPerIpPerHour), now);
  if (!perIp.allowed) throw rateLimited('tooManyRequests', perIp.retryAfterSeconds);
}

export { smsCodeKeySource } from '../repositories/sms-codes.ts';
