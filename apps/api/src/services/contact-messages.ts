import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { contactMessageSend } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { rateLimited } from '../lib/errors.ts';
import { contactAddressKey, insertContactMessage } from '../repositories/ops-console.ts';
import { capRule, hitRateLimit } from '../repositories/rate-limits.ts';

/**
 * The marketing site's contact forms (spec 2.2; issue 13 item 3): each message is stored and listed in the
 * support console's queue as kind 'contact'. Per sender address: 5 an hour and 20 a day, far above a person
 * writing again, low enough that a script cannot bury the queue. Counted in rate_limits (every instance).
 */
export const CONTACT_LIMITS = {
  perHour: { limit: 5, windowMs: 60 * 60 * 1000 },
  perDay: { limit: 20, windowMs: 24 * 60 * 60 * 1000 },
} as const;

export async function sendContactMessage(
  db: Db,
  input: { request: InputOf<typeof contactMessageSend>; ip: string; lang: Lang; now: Date; log: FastifyBaseLogger },
): Promise<AnswerOf<typeof contactMessageSend>> {
  const { request: r, now } = input;
  // The address is kept only as a keyed hash: enough to count and to spot a flood, not a stored IP (a plain
  // sha256 of an IPv4 address is reversed by trying all 2^32).
  const addressHash = createHmac('sha256', await contactAddressKey(db))
    .update(input.ip)
    .digest('hex');
  for (const [name, cap] of [
    ['contact:hour', CONTACT_LIMITS.perHour],
    ['contact:day', CONTACT_LIMITS.perDay],
  ] as const) {
    const hit = await hitRateLimit(db, capRule(name, addressHash, cap), now);
    if (!hit.allowed) throw rateLimited('contactTooMany', hit.retryAfterSeconds, { minutes: Math.ceil(hit.retryAfterSeconds / 60) });
  }
  const id = await insertContactMessage(db, {
    source: r.source,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    lang: input.lang,
    addressHash,
    now,
  });
  input.log.info({ contactMessageId: id, source: r.source }, 'contact message received');
  return { received: true };
}
