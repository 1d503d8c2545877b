import type { FastifyBaseLogger } from 'fastify';
import { CLIENT_ERROR_KINDS, type clientErrorReport } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { rateLimited } from '../lib/errors.ts';
import { capRule, hitRateLimit } from '../repositories/rate-limits.ts';
import type { Metrics } from '../telemetry/metrics.ts';

/**
 * Reports per client address (docs/observability.md "Client error reports"): 30 a minute and 300 an hour. A page
 * reports each failed call once, so a borrower on a bad connection stays far below; a script cannot fill the log.
 * Counted in rate_limits (every instance; purged by the housekeeping like the other caps).
 */
export const CLIENT_ERROR_LIMITS = {
  perMinute: { limit: 30, windowMs: 60 * 1000 },
  perHour: { limit: 300, windowMs: 60 * 60 * 1000 },
} as const;

/** The kind of a report (the counter's label): the part of `where` before the first ':' when it is a known one. */
export function clientErrorKind(where: string): string {
  const kind = where.split(':', 1)[0]!;
  return (CLIENT_ERROR_KINDS as readonly string[]).includes(kind) ? kind : 'other';
}

/**
 * One warn line per report: `client error reported` with the report's own request id (reqId, as every line of
 * the request) and the failed call's (clientRequestId), the kind, where and the message. The log redaction
 * applies as to any line (a token or a phone number in the message is masked). Then counted in
 * lendview_client_errors_total{kind}.
 */
export async function reportClientError(
  db: Db,
  input: { request: InputOf<typeof clientErrorReport>; ip: string; now: Date; log: FastifyBaseLogger; metrics: Metrics },
): Promise<AnswerOf<typeof clientErrorReport>> {
  for (const [name, cap] of [
    ['client-errors:minute', CLIENT_ERROR_LIMITS.perMinute],
    ['client-errors:hour', CLIENT_ERROR_LIMITS.perHour],
  ] as const) {
    const hit = await hitRateLimit(db, capRule(name, input.ip, cap), input.now);
    if (!hit.allowed) throw rateLimited('clientErrorTooMany', hit.retryAfterSeconds, { minutes: Math.ceil(hit.retryAfterSeconds / 60) });
  }
  const r = input.request;
  const kind = clientErrorKind(r.where);
  // Not `where` / `message` as keys: the redaction hides a `where` key whole (an SQL clause), and `msg` is pino's.
  input.log.warn(
    { clientError: { kind, clientWhere: r.where, clientMessage: r.message, clientRequestId: r.requestId ?? null } },
    'client error reported',
  );
  input.metrics.clientErrors.add(1, { kind });
  return { received: true };
}
