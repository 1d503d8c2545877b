import type { OpsRole } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import { newToken, sha256Hex } from '../lib/crypto.ts';

/** Back-office sessions are short: a working day. */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface Operator {
  id: number;
  username: string;
  role: OpsRole;
}

// A prefix other than the borrower sessions' one: a borrower token hash can never name an operator session.
const operatorTokenHash = (token: string) => sha256Hex(`operator-session:${token}`);

/** The operator row for a login (disabled operators included: the caller refuses them after the password check). */
export async function findOperatorForLogin(
  db: Queryable,
  username: string,
): Promise<(Operator & { passwordHash: string; disabled: boolean }) | null> {
  const [row] = await db.query<{ id: number; username: string; role: OpsRole; password_hash: string; disabled: boolean }>(
    'SELECT id, username, role, password_hash, disabled FROM operators WHERE username = $1',
    [username],
  );
  return row ? { id: row.id, username: row.username, role: row.role, passwordHash: row.password_hash, disabled: row.disabled } : null;
}

export async function createOperatorSession(db: Queryable, operatorId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_TTL_MS);
  await db.query('INSERT INTO operator_sessions (token_hash, operator_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    operatorTokenHash(token),
    operatorId,
    now,
    expiresAt,
  ]);
  return { token, expiresAt };
}

/** The operator of a live session (not disabled), or null. */
export async function findSessionOperator(db: Queryable, token: string, now: Date): Promise<Operator | null> {
  const [row] = await db.query<{ id: number; username: string; role: OpsRole }>(
    `SELECT o.id, o.username, o.role
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.token_hash = $1 AND s.expires_at > $2 AND NOT o.disabled`,
    [operatorTokenHash(token), now],
  );
  return row ? { id: row.id, username: row.username, role: row.role } : null;
}

export async function deleteOperatorSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM operator_sessions WHERE token_hash = $1', [operatorTokenHash(token)]);
}

/** Housekeeping: sessions past their expiry. */
export async function purgeOperatorSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM operator_sessions WHERE expires_at <= $1', [now]);
}

/**
 * Failed logins of a username from an IP, counted in rate_limits (shared by every instance). `isLocked` reads
 * without counting, so a correct password is refused too once the limit is reached, until the window ends.
 */
export async function failedLoginLock(
  db: Queryable,
  key: string,
  limit: number,
  now: Date,
): Promise<{ locked: false } | { locked: true; retryAfterSeconds: number }> {
  const [row] = await db.query<{ hits: number; window_start: Date; window_ms: number }>(
    'SELECT hits, window_start, window_ms FROM rate_limits WHERE key = $1',
    [key],
  );
  if (!row) return { locked: false };
  const resetAt = row.window_start.getTime() + row.window_ms;
  if (resetAt <= now.getTime() || row.hits < limit) return { locked: false };
  return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
}

export async function clearFailedLogins(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}
