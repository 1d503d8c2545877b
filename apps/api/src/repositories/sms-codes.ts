import type { Queryable } from '../db/types.ts';
import { codeHash, newNumericCode, newSalt, sameHex } from '../lib/crypto.ts';
import type { SmsPurpose } from '../providers/sms.ts';

/** Spec-independent security rules of SMS codes (docs/api.md). */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_ATTEMPTS = 5;

/** Stores a new code for (phone, purpose); it replaces any earlier one. Returns the code to send. */
export async function issueSmsCode(db: Queryable, phone: string, purpose: SmsPurpose, now: Date): Promise<string> {
  const code = newNumericCode(6);
  const salt = newSalt();
  await db.query(
    `INSERT INTO sms_codes (phone, purpose, code_salt, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [phone, purpose, salt, codeHash(salt, code), now, new Date(now.getTime() + SMS_CODE_TTL_MS)],
  );
  return code;
}

export type SmsCodeCheck =
  | { result: 'ok' }
  | { result: 'none' }
  | { result: 'used' }
  | { result: 'expired' }
  | { result: 'locked' }
  | { result: 'wrong'; remaining: number };

/**
 * Checks `code` against the newest code of (phone, purpose) and records the outcome: a match marks it used
 * (single use), a miss counts an attempt; after SMS_CODE_MAX_ATTEMPTS misses the code is dead. Call inside
 * a transaction (the row is locked FOR UPDATE) and commit whatever the result, so attempts are counted.
 */
export async function checkSmsCode(
  tx: Queryable,
  input: { phone: string; purpose: SmsPurpose; code: string; now: Date },
): Promise<SmsCodeCheck> {
  const [row] = await tx.query<{
    id: number;
    code_salt: string;
    code_hash: string;
    attempts: number;
    expires_at: Date;
    used_at: Date | null;
  }>(
    `SELECT id, code_salt, code_hash, attempts, expires_at, used_at
       FROM sms_codes WHERE phone = $1 AND purpose = $2
      ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [input.phone, input.purpose],
  );
  if (!row) return { result: 'none' };
  if (row.used_at) return { result: 'used' };
  if (row.expires_at.getTime() <= input.now.getTime()) return { result: 'expired' };
  if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return { result: 'locked' };
  if (sameHex(codeHash(row.code_salt, input.code), row.code_hash)) {
    await tx.query('UPDATE sms_codes SET used_at = $2 WHERE id = $1', [row.id, input.now]);
    return { result: 'ok' };
  }
  const [updated] = await tx.query<{ attempts: number }>(
    'UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
    [row.id],
  );
  const remaining = SMS_CODE_MAX_ATTEMPTS - (updated?.attempts ?? SMS_CODE_MAX_ATTEMPTS);
  return remaining > 0 ? { result: 'wrong', remaining } : { result: 'locked' };
}
