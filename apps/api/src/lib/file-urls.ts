import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed URLs of a borrower's own files (docs/security.md "Signed file URLs"). A server-rendered page cannot put
 * the borrower's session into an <img> (and must not: HTML is cached, copied, logged), so each URL the API hands
 * out for a borrower's file carries `exp` (unix seconds) and `sig` = HMAC-SHA256(key, kind:id:borrowerId:exp),
 * base64url. The borrower id is not in the URL: the server takes it from the file's row, so a signature made for
 * one borrower does not open another borrower's file, and changing the id, the expiry or the signature breaks it.
 *
 * Key: derived (HKDF-SHA256) from the configured SMS_CODE_SECRET, which production already requires (32+
 * characters, not a value of the repository), so every instance signs and checks alike and a copy of the
 * database alone cannot sign. Without it (demo, development, tests) a random key made once in app_settings
 * (`file_url_signing_key`). Rotating SMS_CODE_SECRET only ends the links of the last few minutes. The key is
 * looked up by services/file-url-key.ts (it reads the database); this file only signs and checks.
 */

/** A URL works at least this long after it was made. */
export const FILE_URL_TTL_MS = 15 * 60 * 1000;
/**
 * Expiries are rounded up to this step, so the same file keeps the same URL for a while: the server's HTML and
 * the page's own fetch a moment later show the same src, and the browser's cache is hit. A URL thus works
 * 15 to 20 minutes.
 */
export const FILE_URL_STEP_MS = 5 * 60 * 1000;

/** What kind of file a URL opens: part of the signed text, so a signature of one kind never opens another. */
export type FileKind = 'complaint-image';

export interface FileRef {
  kind: FileKind;
  /** The file's public id (as in its path). */
  id: string;
  /** The borrower the URL is for: the file's owner. */
  borrowerId: number;
}

/** The expiry (unix seconds) of a URL made at `now`: at least FILE_URL_TTL_MS ahead, rounded up to FILE_URL_STEP_MS. */
export function fileUrlExpiry(now: Date): number {
  const at = Math.ceil((now.getTime() + FILE_URL_TTL_MS) / FILE_URL_STEP_MS) * FILE_URL_STEP_MS;
  return at / 1000;
}

export const fileSignature = (key: Buffer, file: FileRef, exp: number) =>
  createHmac('sha256', key).update(`borrower-file:${file.kind}:${file.id}:${file.borrowerId}:${exp}`).digest('base64url');

/** `path` (the file's path, without a query) with `?exp=&sig=` for `file`, made at `now`. */
export function signedFileUrl(key: Buffer, path: string, file: FileRef, now: Date): string {
  const exp = fileUrlExpiry(now);
  return `${path}?exp=${exp}&sig=${fileSignature(key, file, exp)}`;
}

const EXP = /^[1-9]\d{0,11}$/;
const SIG = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether `exp` and `sig` (as the query carries them: anything) are a valid, unexpired signature of `file`.
 * Constant-time comparison of the signature.
 */
export function fileSignatureValid(key: Buffer, file: FileRef, exp: unknown, sig: unknown, now: Date): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !EXP.test(exp) || !SIG.test(sig)) return false;
  if (Number(exp) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(fileSignature(key, file, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Seconds a signed URL still works at `now` (0 once expired). */
export function secondsLeft(exp: string, now: Date): number {
  return Math.max(0, Math.floor(Number(exp) - now.getTime() / 1000));
}
