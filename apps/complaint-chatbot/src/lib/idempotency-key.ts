/**
 * The Idempotency-Key of one complaint submission (issue 12; docs/api.md "Limits"): made once when the form is
 * filled and sent with every retry of it, so a save whose answer was lost (a dropped connection, a double tap)
 * answers the complaint already saved instead of making a second one. 16 random bytes as hex: the server takes
 * 8-128 characters of [A-Za-z0-9_-]. getRandomValues works where randomUUID does not (plain-http pages).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
