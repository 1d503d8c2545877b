import { OPS_LOGIN_CHALLENGE_TTL_SECONDS, OPS_SESSION_IDLE_MINUTES, type OpsRole } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import { newToken, sha256Hex } from '../lib/crypto.ts';
import { randomSecretSetting } from './settings.ts';

/** Back-office sessions are short: a working day. */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface Operator {
  id: number;
  username: string;
  role: OpsRole;
}

// A prefix other than the borrower sessions' one: a borrower token hash can never name an operator session.
const operatorTokenHash = (token: string) => sha256Hex(`operator-session:${token}`);

export interface OperatorForLogin extends Operator {
  passwordHash: string;
  disabled: boolean;
  /** The sealed TOTP secret once enrolled (lib/totp.ts), else null. */
  totpSecretSealed: string | null;
  totpLastStep: number | null;
  /** Consecutive failed sign-ins of the account (password or code), from any address. */
  failedLogins: number;
  loginBlockedUntil: Date | null;
  /** The password is a one-time password: the next sign-in chooses a new one. */
  mustChangePassword: boolean;
}

interface OperatorLoginRow {
  id: number;
  username: string;
  role: OpsRole;
  password_hash: string;
  disabled: boolean;
  totp_secret_sealed: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: string | number | null;
  failed_logins: number;
  login_blocked_until: Date | null;
  must_change_password: boolean;
}

const LOGIN_COLUMNS = `id, username, role, password_hash, disabled, totp_secret_sealed, totp_enrolled_at, totp_last_step,
  failed_logins, login_blocked_until, must_change_password`;

const loginOf = (row: OperatorLoginRow): OperatorForLogin => ({
  id: row.id,
  username: row.username,
  role: row.role,
  passwordHash: row.password_hash,
  disabled: row.disabled,
  totpSecretSealed: row.totp_enrolled_at ? row.totp_secret_sealed : null,
  totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  failedLogins: row.failed_logins,
  loginBlockedUntil: row.login_blocked_until,
  mustChangePassword: row.must_change_password,
});

/** The operator row for a login (disabled operators included: the caller refuses them after the password check). */
export async function findOperatorForLogin(db: Queryable, username: string): Promise<OperatorForLogin | null> {
  const [row] = await db.query<OperatorLoginRow>(`SELECT ${LOGIN_COLUMNS} FROM operators WHERE username = $1`, [username]);
  return row ? loginOf(row) : null;
}

/** The same, locked for the sign-in's second step (one code check per account at a time: a code works once). */
export async function lockOperatorForLogin(tx: Queryable, id: number): Promise<OperatorForLogin | null> {
  const [row] = await tx.query<OperatorLoginRow>(`SELECT ${LOGIN_COLUMNS} FROM operators WHERE id = $1 FOR UPDATE`, [id]);
  return row ? loginOf(row) : null;
}

/** The back-off of an account: after `after` consecutive failures each try waits base × 2^(n − after), at most max. */
export interface Backoff {
  after: number;
  baseMs: number;
  maxMs: number;
}

/**
 * Claims the account for one password check, in one statement: refused (null) while it is blocked, or while it is
 * in back-off and another check holds it (until `leaseMs` from now). Answers when it may be tried again otherwise.
 */
export async function claimLoginCheck(
  db: Queryable,
  id: number,
  input: { now: Date; leaseMs: number; backoffAfter: number },
): Promise<{ claimed: true } | { claimed: false; retryAt: Date }> {
  const claimed = await db.query(
    `UPDATE operators SET login_checking_until = $2::timestamptz + $3::integer * interval '1 millisecond'
      WHERE id = $1 AND (login_blocked_until IS NULL OR login_blocked_until <= $2::timestamptz)
        AND (failed_logins < $4 OR login_checking_until IS NULL OR login_checking_until <= $2::timestamptz)
      RETURNING id`,
    [id, input.now, input.leaseMs, input.backoffAfter],
  );
  if (claimed.length === 1) return { claimed: true };
  const [row] = await db.query<{ login_blocked_until: Date | null; login_checking_until: Date | null }>(
    'SELECT login_blocked_until, login_checking_until FROM operators WHERE id = $1',
    [id],
  );
  const times = [row?.login_blocked_until, row?.login_checking_until].filter((d): d is Date => d instanceof Date);
  const retryAt = new Date(Math.max(input.now.getTime() + 1000, ...times.map((d) => d.getTime())));
  return { claimed: false, retryAt };
}

/** The check is over without a failure (the password was right): the claim is released. */
export async function releaseLoginCheck(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE operators SET login_checking_until = NULL WHERE id = $1', [id]);
}

/**
 * One more consecutive failure of the account, its back-off and the release of its claim, in one statement (so
 * concurrent failures each count and the stored block always follows the count). Returns the new count.
 */
export async function recordOperatorFailure(db: Queryable, id: number, input: { now: Date; backoff: Backoff }): Promise<number> {
  const { backoff } = input;
  const [row] = await db.query<{ failed_logins: number }>(
    `UPDATE operators SET failed_logins = failed_logins + 1, login_checking_until = NULL,
            login_blocked_until = CASE WHEN failed_logins + 1 >= $3
              THEN $2::timestamptz + LEAST($5::double precision, $4::double precision * power(2, failed_logins + 1 - $3))
                   * interval '1 millisecond'
              ELSE NULL END
      WHERE id = $1 RETURNING failed_logins`,
    [id, input.now, backoff.after, backoff.baseMs, backoff.maxMs],
  );
  return row?.failed_logins ?? 0;
}

/** A complete sign-in: the failure count starts again; `step` is the accepted code's (it will not be accepted again). */
export async function recordOperatorSignIn(db: Queryable, id: number, step: number): Promise<void> {
  await db.query('UPDATE operators SET failed_logins = 0, login_blocked_until = NULL, totp_last_step = $2 WHERE id = $1', [id, step]);
}

/**
 * A new password (the first sign-in's, or a change): stored, the one-time flag cleared, `step` the code that proved
 * it (not accepted again), and every session of the account ended (the caller makes the new one).
 */
export async function setOperatorPassword(db: Queryable, id: number, input: { passwordHash: string; step: number }): Promise<void> {
  await db.query(
    `UPDATE operators SET password_hash = $2, must_change_password = false, totp_last_step = $3, failed_logins = 0,
            login_blocked_until = NULL WHERE id = $1`,
    [id, input.passwordHash, input.step],
  );
  await db.query('DELETE FROM operator_sessions WHERE operator_id = $1', [id]);
}

/** Enrolment finished: the secret becomes the operator's, with the step of the code that proved it. */
export async function enrolOperatorTotp(db: Queryable, id: number, sealed: string, step: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE operators SET totp_secret_sealed = $2, totp_enrolled_at = $3, totp_last_step = $4, failed_logins = 0,
            login_blocked_until = NULL WHERE id = $1`,
    [id, sealed, now, step],
  );
}

// --- Password step challenges -------------------------------------------------------------------------------------

const challengeHash = (challenge: string) => sha256Hex(`operator-challenge:${challenge}`);

export async function createLoginChallenge(
  db: Queryable,
  input: { operatorId: number; enrolSecretSealed: string | null; now: Date },
): Promise<string> {
  const challenge = newToken();
  await db.query(
    `INSERT INTO operator_login_challenges (challenge_hash, operator_id, enrol_secret_sealed, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      challengeHash(challenge),
      input.operatorId,
      input.enrolSecretSealed,
      input.now,
      new Date(input.now.getTime() + OPS_LOGIN_CHALLENGE_TTL_SECONDS * 1000),
    ],
  );
  return challenge;
}

/** A live, unused challenge (locked until the transaction ends unless `lock` is false), or null. */
export async function lockLoginChallenge(
  tx: Queryable,
  challenge: string,
  now: Date,
  options: { lock: boolean } = { lock: true },
): Promise<{ operatorId: number; enrolSecretSealed: string | null } | null> {
  const [row] = await tx.query<{ operator_id: number; enrol_secret_sealed: string | null }>(
    `SELECT operator_id, enrol_secret_sealed FROM operator_login_challenges
      WHERE challenge_hash = $1 AND used_at IS NULL AND expires_at > $2${options.lock ? ' FOR UPDATE' : ''}`,
    [challengeHash(challenge), now],
  );
  return row ? { operatorId: row.operator_id, enrolSecretSealed: row.enrol_secret_sealed } : null;
}

export async function useLoginChallenge(tx: Queryable, challenge: string, now: Date): Promise<void> {
  await tx.query('UPDATE operator_login_challenges SET used_at = $2 WHERE challenge_hash = $1', [challengeHash(challenge), now]);
}

/**
 * Voids every open challenge of the account (marks it used): before a new enrolment (one pending enrolment per
 * account) and once a sign-in or an enrolment finished (no other challenge, on another device, can finish later).
 */
export async function voidLoginChallenges(tx: Queryable, operatorId: number, now: Date): Promise<void> {
  await tx.query('UPDATE operator_login_challenges SET used_at = $2 WHERE operator_id = $1 AND used_at IS NULL', [operatorId, now]);
}

/** The per-(username, address) failure counters of a sign-in name (services/operators.ts failedLoginKey). */
export async function clearFailedLoginsOf(db: Queryable, keyPrefix: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE starts_with(key, $1)', [keyPrefix]);
}

/** Clears the account's lockout (consecutive failures, back-off, claim); false when there is no such account. */
export async function unlockOperator(db: Queryable, username: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE operators SET failed_logins = 0, login_blocked_until = NULL, login_checking_until = NULL
      WHERE username = $1 RETURNING id`,
    [username],
  );
  return rows.length === 1;
}

// --- Accounts (pnpm ops:user) -------------------------------------------------------------------------------------

/** A new operator; false when the username is taken. */
export async function insertOperator(
  db: Queryable,
  input: { username: string; passwordHash: string; role: OpsRole; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO operators (username, password_hash, role, created_at, must_change_password) VALUES ($1, $2, $3, $4, true)
     ON CONFLICT (username) DO NOTHING RETURNING id`,
    [input.username, input.passwordHash, input.role, input.now],
  );
  return rows.length === 1;
}

/** Disables an account and ends its sessions; false when there is no such account. */
export async function disableOperator(db: Queryable, username: string): Promise<boolean> {
  const rows = await db.query<{ id: number }>('UPDATE operators SET disabled = true WHERE username = $1 RETURNING id', [username]);
  if (rows.length === 0) return false;
  await db.query('DELETE FROM operator_sessions WHERE operator_id = $1', [rows[0]!.id]);
  return true;
}

/**
 * Forgets the account's second factor (it enrols again at its next sign-in), unlocks it, may set a new password,
 * and ends its sessions; false when there is no such account.
 */
export async function resetOperatorMfa(db: Queryable, username: string, passwordHash: string | null): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE operators SET totp_secret_sealed = NULL, totp_enrolled_at = NULL, totp_last_step = NULL, failed_logins = 0,
            login_blocked_until = NULL, login_checking_until = NULL, password_hash = COALESCE($2, password_hash),
            must_change_password = must_change_password OR $2 IS NOT NULL
      WHERE username = $1 RETURNING id`,
    [username, passwordHash],
  );
  if (rows.length === 0) return false;
  await db.query('DELETE FROM operator_sessions WHERE operator_id = $1', [rows[0]!.id]);
  await db.query('DELETE FROM operator_login_challenges WHERE operator_id = $1', [rows[0]!.id]);
  return true;
}

/**
 * The key sealing TOTP secrets: the configured OPS_TOTP_KEY, else the database's own random key (app_settings),
 * made once and shared by every instance.
 */
export async function opsTotpKey(db: Queryable, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  return Buffer.from(await randomSecretSetting(db, 'ops_totp_key'), 'hex');
}

export async function createOperatorSession(db: Queryable, operatorId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_TTL_MS);
  await db.query(
    'INSERT INTO operator_sessions (token_hash, operator_id, created_at, expires_at, last_seen_at) VALUES ($1, $2, $3, $4, $3)',
    [operatorTokenHash(token), operatorId, now, expiresAt],
  );
  return { token, expiresAt };
}

/**
 * The operator of a live session (not disabled, not expired, used within the idle timeout), or null. A live
 * session's last use moves to `now`, so it stays open while the operator works.
 */
export async function findSessionOperator(db: Queryable, token: string, now: Date): Promise<Operator | null> {
  const idleSince = new Date(now.getTime() - OPS_SESSION_IDLE_MINUTES * 60 * 1000);
  const [row] = await db.query<{ id: number; username: string; role: OpsRole }>(
    `UPDATE operator_sessions s SET last_seen_at = GREATEST(s.last_seen_at, $3)
       FROM operators o
      WHERE o.id = s.operator_id AND s.token_hash = $1 AND s.expires_at > $3 AND s.last_seen_at > $2 AND NOT o.disabled
      RETURNING o.id, o.username, o.role`,
    [operatorTokenHash(token), idleSince, now],
  );
  return row ? { id: row.id, username: row.username, role: row.role } : null;
}

export async function deleteOperatorSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM operator_sessions WHERE token_hash = $1', [operatorTokenHash(token)]);
}

/** Housekeeping: sessions past their expiry. */
export async function purgeOperatorSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM operator_sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [
    now,
    new Date(now.getTime() - OPS_SESSION_IDLE_MINUTES * 60 * 1000),
  ]);
  await db.query('DELETE FROM operator_login_challenges WHERE expires_at <= $1', [now]);
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The key sealing operators' TOTP secrets from configuration (OPS_TOTP_KEY), when given (decorated by app.ts). */
    opsTotpKey?: string;
  }
}
