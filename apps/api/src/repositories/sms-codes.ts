import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { newNumericCode, newSalt, sameHex } from '../lib/crypto.ts';
import type { SmsPurpose } from '../providers/sms.ts';

/**
 * One-time SMS codes of the login and the registration, per NIST SP 800-63B-4 (docs/api.md "SMS code rules",
 * docs/security.md):
 *
 * - 6 random digits, valid SMS_CODE_TTL_MS (5 minutes, under the 10 the guideline allows), single use, only the
 *   newest code of a phone counts.
 * - Stored as HMAC-SHA256(key, purpose:phone:salt:code). A 6-digit code has only 10^6 values, so any fast
 *   unkeyed hash, salted or not, falls to a brute force of a database dump in well under a second. With a key
 *   the dump alone is not enough. The key is the `smsCodeSecret` the server is configured with (kept outside
 *   the database); until one is configured, a random key made on first use in app_settings, which protects
 *   against a dump of the sms_codes table alone but not of the whole database. We chose a keyed HMAC over
 *   scrypt: scrypt at a cost we can afford per request still leaves 10^6 candidates within minutes for a GPU,
 *   and a slow hash would make a missing code answer faster than a wrong one (a timing signal of who is
 *   registered).
 * - Failures are counted per phone and purpose across every code and resend (sms_code_guards): a new code does
 *   not bring a fresh budget. OTP_FAILURES_PER_LOCK failures lock the phone for OTP_LOCK_BASE_MS, doubling with
 *   each lock in a row up to OTP_LOCK_MAX_MS; OTP_FAILURES_PER_DAY failures lock it until its 24-hour window
 *   ends. While locked, nothing is checked, the right code included. A success clears the run of failures.
 * - Every failure (wrong, expired, used, or no code at all: a phone that is not registered never has one) is
 *   the same outcome with the same remaining count, so the answer does not tell who is a borrower.
 */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const OTP_FAILURES_PER_LOCK = 5;
export const OTP_LOCK_BASE_MS = 15 * 60 * 1000;
export const OTP_LOCK_MAX_MS = 24 * 60 * 60 * 1000;
export const OTP_FAILURES_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A phone with no failure for this long starts again from a clean slate (lock doubling included). */
const GUARD_FORGET_MS = DAY_MS;

// -- Key -----------------------------------------------------------------------------------------------------

const KEY_SETTING = 'sms_code_hmac_key';

/** The HMAC key: the configured secret, else the database's own random key (made once, shared by instances). */
export async function smsCodeKey(db: Queryable, configuredSecret?: string): Promise<Buffer> {
  if (configuredSecret) return Buffer.from(configuredSecret, 'utf8');
  await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    KEY_SETTING,
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [KEY_SETTING]);
  return Buffer.from(row!.value, 'hex');
}

const codeMac = (key: Buffer, purpose: SmsPurpose, phone: string, salt: string, code: string) =>
  createHmac('sha256', key).update(`${purpose}:${phone}:${salt}:${code}`).digest('hex');

// -- Issue ---------------------------------------------------------------------------------------------------

/** Stores a new code for (phone, purpose); it replaces any earlier one. Returns the code to send. */
export async function issueSmsCode(db: Queryable, key: Buffer, phone: string, purpose: SmsPurpose, now: Date): Promise<string> {
  const code = newNumericCode(6);
  const salt = newSalt();
  await db.query(
    `INSERT INTO sms_codes (phone, purpose, code_salt, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [phone, purpose, salt, codeMac(key, purpose, phone, salt, code), now, new Date(now.getTime() + SMS_CODE_TTL_MS)],
  );
  return code;
}

// -- Guard ---------------------------------------------------------------------------------------------------

interface GuardRow {
  failures: number;
  lockouts: number;
  locked_until: Date | null;
  day_start: Date;
  day_failures: number;
  updated_at: Date;
}

/** The guard row of (phone, purpose), created if missing and locked FOR UPDATE (the upsert takes the row lock). */
async function lockGuard(tx: Queryable, phone: string, purpose: SmsPurpose, now: Date): Promise<GuardRow> {
  const [row] = await tx.query<GuardRow>(
    `INSERT INTO sms_code_guards AS g (phone, purpose, day_start, updated_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (phone, purpose) DO UPDATE SET phone = g.phone
     RETURNING failures, lockouts, locked_until, day_start, day_failures, updated_at`,
    [phone, purpose, now],
  );
  const g = row!;
  // A quiet day forgets the run of failures and the doubling; a new 24-hour window resets the daily count.
  if (now.getTime() - g.updated_at.getTime() >= GUARD_FORGET_MS && !(g.locked_until && g.locked_until > now)) {
    g.failures = 0;
    g.lockouts = 0;
  }
  if (now.getTime() - g.day_start.getTime() >= DAY_MS) {
    g.day_start = now;
    g.day_failures = 0;
  }
  return g;
}

async function saveGuard(tx: Queryable, phone: string, purpose: SmsPurpose, g: GuardRow, now: Date): Promise<void> {
  await tx.query(
    `UPDATE sms_code_guards
        SET failures = $3, lockouts = $4, locked_until = $5, day_start = $6, day_failures = $7, updated_at = $8
      WHERE phone = $1 AND purpose = $2`,
    [phone, purpose, g.failures, g.lockouts, g.locked_until, g.day_start, g.day_failures, now],
  );
}

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Seconds the phone stays locked for this purpose, or null when it is not locked. Sending a code to a locked
 * phone is refused with the same answer (the code could not be used), for registered and other phones alike.
 */
export async function smsCodeLock(db: Queryable, phone: string, purpose: SmsPurpose, now: Date): Promise<number | null> {
  const [row] = await db.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM sms_code_guards WHERE phone = $1 AND purpose = $2',
    [phone, purpose],
  );
  return row?.locked_until && row.locked_until > now ? secondsUntil(row.locked_until, now) : null;
}

// -- Check ---------------------------------------------------------------------------------------------------

export type SmsCodeCheck =
  | { result: 'ok' }
  /** Wrong, expired, used or never sent: deliberately one outcome. */
  | { result: 'rejected'; remaining: number }
  | { result: 'locked'; retryAfterSeconds: number };

/**
 * Checks `code` against the newest code of (phone, purpose) and records the outcome in the phone's guard: a
 * match marks the code used and clears the run of failures; anything else counts one failure. Call inside a
 * transaction and commit whatever the result, so failures are counted (the guard row is locked FOR UPDATE, so
 * concurrent guesses are counted one after another on every instance).
 */
export async function checkSmsCode(
  tx: Queryable,
  key: Buffer,
  input: { phone: string; purpose: SmsPurpose; code: string; now: Date },
): Promise<SmsCodeCheck> {
  const { phone, purpose, code, now } = input;
  const guard = await lockGuard(tx, phone, purpose, now);
  if (guard.locked_until && guard.locked_until > now) {
    return { result: 'locked', retryAfterSeconds: secondsUntil(guard.locked_until, now) };
  }

  const [row] = await tx.query<{ id: number; code_salt: string; code_hash: string; expires_at: Date; used_at: Date | null }>(
    `SELECT id, code_salt, code_hash, expires_at, used_at
       FROM sms_codes WHERE phone = $1 AND purpose = $2
      ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [phone, purpose],
  );
  // The MAC is computed whether or not there is a code, so a phone without one answers in the same time.
  const given = codeMac(key, purpose, phone, row?.code_salt ?? newSalt(), code);
  const matches = row ? sameHex(given, row.code_hash) : false;
  if (row && matches && !row.used_at && row.expires_at > now) {
    await tx.query('UPDATE sms_codes SET used_at = $2 WHERE id = $1', [row.id, now]);
    guard.failures = 0;
    guard.lockouts = 0;
    guard.locked_until = null;
    await saveGuard(tx, phone, purpose, guard, now);
    return { result: 'ok' };
  }

  guard.failures += 1;
  guard.day_failures += 1;
  let lockedUntil: Date | null = null;
  if (guard.day_failures >= OTP_FAILURES_PER_DAY) {
    lockedUntil = new Date(guard.day_start.getTime() + DAY_MS);
  } else if (guard.failures >= OTP_FAILURES_PER_LOCK) {
    lockedUntil = new Date(now.getTime() + Math.min(OTP_LOCK_MAX_MS, OTP_LOCK_BASE_MS * 2 ** guard.lockouts));
  }
  if (lockedUntil) {
    guard.locked_until = lockedUntil;
    guard.lockouts += 1;
    guard.failures = 0;
    await saveGuard(tx, phone, purpose, guard, now);
    // The outstanding code dies with the lock: it will have expired before the lock ends anyway.
    await tx.query('UPDATE sms_codes SET used_at = $3 WHERE phone = $1 AND purpose = $2 AND used_at IS NULL', [phone, purpose, now]);
    return { result: 'locked', retryAfterSeconds: secondsUntil(lockedUntil, now) };
  }
  await saveGuard(tx, phone, purpose, guard, now);
  const remaining = Math.min(OTP_FAILURES_PER_LOCK - guard.failures, OTP_FAILURES_PER_DAY - guard.day_failures);
  return { result: 'rejected', remaining };
}

/** Housekeeping (called with the rate-limit purge): guards with nothing left to remember. */
export async function purgeSmsCodeGuards(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `DELETE FROM sms_code_guards
      WHERE updated_at <= $1 AND (locked_until IS NULL OR locked_until <= $2)`,
    [new Date(now.getTime() - 2 * DAY_MS), now],
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The SMS code HMAC key from configuration, when the server was given one (decorated by app.ts). Without it
     * the key is the database's own (smsCodeKey).
     */
    smsCodeSecret?: string;
  }
}

/** One key lookup per app instance (the database key never changes once made). */
export function smsCodeKeySource(app: { db: Queryable; smsCodeSecret?: string }): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= smsCodeKey(app.db, app.smsCodeSecret).catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
}

/** Housekeeping (services/maintenance.ts): codes that expired before `before`. */
export async function purgeSmsCodes(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM sms_codes WHERE expires_at <= $1', [before]);
}
