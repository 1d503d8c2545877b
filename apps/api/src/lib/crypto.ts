import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new session token: 32 random bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

/** Sessions are looked up by the hash of their token; the token itself is never stored. */
export const tokenHash = (token: string) => sha256Hex(`session:${token}`);

/** A uniformly random numeric code of `digits` digits, leading zeros kept. */
export const newNumericCode = (digits = 6) => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export const newSalt = () => randomBytes(16).toString('hex');

export const codeHash = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);

/** Constant-time comparison of two hex digests. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
