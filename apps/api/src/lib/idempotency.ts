import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, IDEMPOTENCY_KEY_PATTERN } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import {
  claimIdempotentRequest,
  releaseIdempotentRequest,
  storeIdempotentAnswer,
  type IdempotentRequestId,
} from '../repositories/idempotent-requests.ts';
import { ApiError, badRequest } from './errors.ts';

/**
 * Idempotent borrower writes (issue 40 item 1; docs/api.md "Idempotent writes"). A route marked `idempotent` in
 * @lendview/contracts takes an `Idempotency-Key` header; the API client sends one per request body and keeps it
 * until an answer arrives, so the copies of one tap (a retry after a lost answer, a double tap) share it.
 *
 * - the first copy runs the write; its success answer is stored and every later copy gets it back
 *   (`Idempotent-Replayed: true`);
 * - a copy that arrives while the first still runs waits for its answer (a double tap gets the same answer twice),
 *   up to WAIT_MS, then is told the request is still being processed;
 * - a refusal (an ApiError) stores nothing: nothing was written, and a retry asks again;
 * - the same key with another request is refused (409), never answered with the other request's answer.
 *
 * A request without the header runs as before (an older page, a script): the writes behind these routes are
 * themselves one per order, code or bill; the key makes the second copy answer exactly what the first did.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Longer than the client's 60 s timeout: a lease that runs out belongs to a request nobody waits for. */
const LEASE_MS = 120_000;
const WAIT_MS = 10_000;
const POLL_MS = 100;

/** The request's key, or null when it sent none; a malformed one is refused. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header.trim())) {
    throw badRequest('fieldInvalid', { field: 'Idempotency-Key' });
  }
  return header.trim();
}

export function requestHashOf(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(input ?? null))
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `write` once per key: answers `{ replayed: false, answer }` for the copy that ran it and
 * `{ replayed: true, answer }` with the stored answer for the others.
 */
export async function runIdempotent<T>(
  db: Db,
  id: IdempotentRequestId & { requestHash: string; now: Date },
  write: () => Promise<T>,
): Promise<{ replayed: boolean; answer: T }> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claim = await claimIdempotentRequest(db, { ...id, leaseUntil: new Date(id.now.getTime() + LEASE_MS) });
    if (claim.kind === 'answered') return { replayed: true, answer: claim.response as T };
    if (claim.kind === 'other-request') throw new ApiError(ErrorCode.conflict, 'idempotencyKeyReused');
    if (claim.kind === 'run') break;
    if (Date.now() >= deadline) throw new ApiError(ErrorCode.conflict, 'requestStillRunning');
    await sleep(POLL_MS);
  }
  let answer: T;
  try {
    answer = await write();
  } catch (e) {
    await releaseIdempotentRequest(db, id).catch(() => undefined);
    throw e;
  }
  await storeIdempotentAnswer(db, id, answer);
  return { replayed: false, answer };
}
