import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  type OpsUnmatchedCallback,
  type UnmatchedCallbackReason,
  type opsResolveUnmatchedCallback,
  type opsUnmatchedCallbacks,
} from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import type { AnswerOf, InputOf, WithMessage } from '../lib/endpoint.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { Operator } from '../lib/operator-auth.ts';
import { withRetriedTransaction } from '../lib/transaction-retry.ts';
import { insertAudit } from '../repositories/ops-console.ts';
import {
  findUnmatchedCallback,
  listUnmatchedCallbacks,
  recordUnmatchedDelivery,
  resolveUnmatchedCallback,
  type UnmatchedCallback,
} from '../repositories/unmatched-callbacks.ts';

/**
 * Signed provider callbacks we could not match (docs/repayment.md "Callbacks we could not match"). A callback
 * whose signature is valid is the provider telling us money was received: when processSignedCallback refuses it
 * (malformed body, unknown bill number, code or channel not the bill's) the refusal stands (same answer, the
 * provider retries and alerts), and the callback is kept here for the support role to look into.
 */

/** Longest event id or bill number kept as a column (the body itself is always kept whole). */
const MAX_FIELD = 128;
/** The callback route takes 64 KB at most; a longer body (another path) is kept cut to the column's limit. */
const MAX_RAW_BODY = 65_536;

/** Which refusal of a signature-valid callback this is, or null for any other failure (not recorded). */
export function unmatchedReasonOf(err: unknown): UnmatchedCallbackReason | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === ErrorCode.notFound) return 'unknown_reference';
  if (err.messageKey === 'callbackMismatch') return 'code_mismatch';
  if (err.messageKey === 'callbackMalformed') return 'malformed';
  return null;
}

/** PostgreSQL text holds no NUL character: it is kept as U+FFFD (the dedupe key is taken from the exact body). */
const storable = (s: string) => s.replaceAll('\u0000', '\uFFFD');

const fieldOf = (v: unknown): string | null => (typeof v === 'string' && v.length >= 1 && v.length <= MAX_FIELD ? storable(v) : null);

/**
 * What can be read of a body that may be anything (not JSON, not an object, wrong types): the dedupe key (its
 * event id when it has a string `id` of 1-128 characters, else 'sha256:' + the hex SHA-256 of the raw body), the
 * event id, the bill number and the amount (only a safe positive integer).
 */
export function describeCallbackBody(rawBody: string): {
  dedupeKey: string;
  eventId: string | null;
  reference: string | null;
  amount: number | null;
} {
  let body: unknown = null;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = null;
  }
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const eventId = fieldOf(fields.id);
  const amount = typeof fields.amount === 'number' && Number.isSafeInteger(fields.amount) && fields.amount > 0 ? fields.amount : null;
  return {
    dedupeKey: eventId ?? `sha256:${createHash('sha256').update(rawBody, 'utf8').digest('hex')}`,
    eventId,
    reference: fieldOf(fields.reference),
    amount,
  };
}

/**
 * Records one delivery of a refused signature-valid callback in its own statement (not in the refused
 * transaction, which rolled back). Never throws: a failure is logged at error level (what was read of the body,
 * never the body itself) and the caller rethrows its refusal unchanged.
 */
export async function recordUnmatchedCallback(
  db: Queryable,
  input: { reason: UnmatchedCallbackReason; rawBody: string; now: Date; log: FastifyBaseLogger },
): Promise<void> {
  let described: ReturnType<typeof describeCallbackBody> | null = null;
  try {
    described = describeCallbackBody(input.rawBody);
    const id = await recordUnmatchedDelivery(db, {
      ...described,
      reason: input.reason,
      rawBody: storable(input.rawBody.slice(0, MAX_RAW_BODY)),
      receivedAt: input.now,
    });
    input.log.warn(
      {
        unmatchedCallbackId: id,
        reason: input.reason,
        eventId: described.eventId,
        reference: described.reference,
        amount: described.amount,
      },
      'payment callback not matched: kept for an operator',
    );
  } catch (err) {
    input.log.error(
      {
        reason: input.reason,
        eventId: described?.eventId ?? null,
        reference: described?.reference ?? null,
        amount: described?.amount ?? null,
        errorName: err instanceof Error ? err.name : typeof err,
        sqlState: typeof (err as { code?: unknown } | null)?.code === 'string' ? (err as { code: string }).code : null,
      },
      'payment callback not matched and could not be recorded',
    );
  }
}

// --- Operators (role support) ----------------------------------------------------------------------------------

const toOps = (c: UnmatchedCallback): OpsUnmatchedCallback => ({
  id: c.id,
  reason: c.reason,
  eventId: c.eventId,
  reference: c.reference,
  amount: c.amount,
  deliveries: c.deliveries,
  firstReceivedAt: c.firstReceivedAt.toISOString(),
  lastReceivedAt: c.lastReceivedAt.toISOString(),
  state: c.state,
  rawBody: c.rawBody,
  resolvedAt: c.resolvedAt?.toISOString() ?? null,
  resolvedBy: c.resolvedByName ?? '',
  note: c.note,
});

export async function unmatchedCallbacksPage(
  db: Db,
  input: { request: InputOf<typeof opsUnmatchedCallbacks> },
): Promise<AnswerOf<typeof opsUnmatchedCallbacks>> {
  const { request } = input;
  const { rows, total } = await listUnmatchedCallbacks(db, {
    state: request.state,
    limit: request.pageSize,
    offset: (request.page - 1) * request.pageSize,
  });
  return { items: rows.map(toOps), total, page: request.page, pageSize: request.pageSize };
}

/**
 * Marks an open one resolved with the operator's note, in one statement, with its audit row in the same
 * transaction: unknown → NOT_FOUND, not open → CONFLICT (of concurrent resolves exactly one succeeds, the others
 * get CONFLICT).
 */
export async function resolveUnmatchedAsOperator(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsResolveUnmatchedCallback>; now: Date; log: FastifyBaseLogger },
): Promise<WithMessage<AnswerOf<typeof opsResolveUnmatchedCallback>>> {
  const { operator, request, now } = input;
  const won = await withRetriedTransaction(db, async (tx) => {
    if (!(await resolveUnmatchedCallback(tx, { id: request.id, operatorId: operator.id, note: request.note, now }))) return false;
    // In the transaction of the change: the trail has the resolve exactly when it happened.
    await insertAudit(tx, {
      operatorId: operator.id,
      operator: operator.username,
      action: 'callback_resolve',
      kind: 'callback',
      itemId: String(request.id),
      detail: { note: request.note },
      now,
    });
    return true;
  });
  if (!won) {
    if (!(await findUnmatchedCallback(db, request.id))) throw notFound();
    throw new ApiError(ErrorCode.conflict, 'unmatchedCallbackAlreadyResolved');
  }
  input.log.info({ operatorId: operator.id, unmatchedCallbackId: request.id }, 'unmatched callback resolved');
  const row = await findUnmatchedCallback(db, request.id);
  if (!row) throw notFound();
  return { message: 'unmatchedCallbackResolved', data: toOps(row) };
}
