import { newRequestId } from './request-id.ts';

/**
 * Idempotency keys of the borrower's money and loan writes (issue 40 item 1; routes marked `idempotent` in
 * @lendview/contracts; docs/api.md "Idempotent writes"). One key per route and request body, kept from the first
 * send until an answer arrives: a tap repeated after a lost answer (no connection, a timeout) or a double tap
 * sends the same key, and the API answers it with the first write's answer instead of writing twice. Once any
 * answer arrived (success or refusal) the key is forgotten, so the next tap with the same details is a new write.
 * Kept in memory: a reload starts over, and the write itself is one per order, code or bill on the server.
 */
const pending = new Map<string, { key: string; since: number }>();
/**
 * A key unanswered for longer is not reused: the retry of a lost answer comes within minutes, and an answer kept
 * longer could be stale (a payment code that has expired since).
 */
const KEY_LIFETIME_MS = 5 * 60 * 1000;

function identityOf(path: string, body: string): string {
  return `${path}\n${body}`;
}

/** The key for this write: the one of an unanswered earlier copy, or a new one. */
export function idempotencyKeyFor(path: string, body: string): string {
  const id = identityOf(path, body);
  const now = Date.now();
  const known = pending.get(id);
  if (known && now - known.since < KEY_LIFETIME_MS) return known.key;
  const key = newRequestId();
  pending.set(id, { key, since: now });
  return key;
}

/** An answer arrived for this write: its next copy is a new write. */
export function answeredWrite(path: string, body: string): void {
  pending.delete(identityOf(path, body));
}
