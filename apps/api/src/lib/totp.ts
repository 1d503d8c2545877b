import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { OPS_TOTP } from '@lendview/contracts';

/**
 * Operators' authenticator codes (RFC 6238 through the otpauth library) and how their secrets are kept: sealed with
 * AES-256-GCM under the server's OPS_TOTP_KEY (or the database's own key outside production), so a copy of the
 * database alone does not give anyone's codes. docs/operations.md "Accounts and sign-in".
 */

const ISSUER = 'lendview back office';

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, username: string) =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: OPS_TOTP.digits,
    period: OPS_TOTP.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });

/** The 30 s step of an instant (what "a code works once" is counted in). */
export const totpStep = (now: Date): number => Math.floor(now.getTime() / 1000 / OPS_TOTP.periodSeconds);

/**
 * The step of `code` when it is valid at `now` (the current step, or one step either side for clocks that drift),
 * else null. The caller refuses a step at or before the last one it accepted (a code works once).
 */
export function matchTotp(secretBase32: string, username: string, code: string, now: Date): number | null {
  const delta = totpOf(secretBase32, username).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totpStep(now) + delta;
}

/** The code of `secret` at `now` (tests and the demo's e2e helper make codes the same way). */
export const totpCode = (secretBase32: string, now: Date): string => totpOf(secretBase32, 'x').generate({ timestamp: now.getTime() });

/** What an authenticator app scans: the otpauth:// URL and the same as a QR code (an SVG document). */
export async function enrolmentOf(secretBase32: string, username: string): Promise<{ otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = totpOf(secretBase32, username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrSvg };
}

// --- Sealing ------------------------------------------------------------------------------------------------------

/** 'v1.<iv>.<tag>.<ciphertext>' (base64url), AES-256-GCM under sha256 of the key material. */
export function sealSecret(keyMaterial: Buffer, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(keyMaterial).digest(), iv);
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The secret, or null when it was sealed under another key or altered (GCM's tag does not match). */
export function openSecret(keyMaterial: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(keyMaterial).digest(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
