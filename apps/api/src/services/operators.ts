import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type OpsRole, type opsLogin, type opsLoginCode } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { ApiError, rateLimited } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { enrolmentOf, matchTotp, newTotpSecret, openSecret, sealSecret } from '../lib/totp.ts';
import {
  clearFailedLogins,
  createLoginChallenge,
  createOperatorSession,
  deleteOperatorSession,
  disableOperator,
  enrolOperatorTotp,
  failedLoginLock,
  findOperatorForLogin,
  insertOperator,
  lockLoginChallenge,
  lockOperatorForLogin,
  opsTotpKey,
  recordOperatorFailure,
  recordOperatorSignIn,
  resetOperatorMfa,
  useLoginChallenge,
  type OperatorForLogin,
} from '../repositories/operators.ts';
import { hitRateLimit } from '../repositories/rate-limits.ts';

/**
 * Operator sign-in (contracts/src/ops.ts; docs/operations.md "Accounts and sign-in"): the password, then an
 * authenticator code (TOTP, enrolled at the first sign-in). Two limits hold at once:
 * - per (username, address): 5 failed passwords in 15 minutes lock that pair for the rest of the window;
 * - per account, from any address (NIST SP 800-63B 5.2.2): after 5 consecutive failures (password or code) each
 *   further try waits a growing delay (30 s, 1 min, 2 min, ... up to 15 min); at 100 the account is locked until
 *   an administrator runs `pnpm ops:user reset-mfa <name>`.
 */

const MAX_FAILED_LOGINS = 5;
const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Consecutive failures of an account before each try has to wait. */
export const ACCOUNT_BACKOFF_AFTER = 5;
/** Consecutive failures that lock an account until it is reset (NIST: no more than 100). */
export const ACCOUNT_HARD_LOCK = 100;
const BACKOFF_BASE_MS = 30 * 1000;
const BACKOFF_MAX_MS = 15 * 60 * 1000;
/** "Locked until reset": far enough that no window ends it. */
const HARD_LOCKED_UNTIL = new Date('9999-12-31T00:00:00Z');

/** When the account may try again after `failures` consecutive failures (null: at once). */
export function accountBlockedUntil(failures: number, now: Date): Date | null {
  if (failures >= ACCOUNT_HARD_LOCK) return HARD_LOCKED_UNTIL;
  if (failures < ACCOUNT_BACKOFF_AFTER) return null;
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - ACCOUNT_BACKOFF_AFTER));
  return new Date(now.getTime() + delay);
}

function refuseWhileBlocked(operator: OperatorForLogin | null, now: Date): void {
  if (!operator || operator.disabled) return;
  if (operator.failedLogins >= ACCOUNT_HARD_LOCK) throw new ApiError(ErrorCode.forbidden, 'opsAccountLocked');
  const until = operator.loginBlockedUntil;
  if (until && until > now) throw rateLimited('opsLoginTooMany', Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));
}

// Compared against when the username does not exist, so an unknown user costs one scrypt like a known one
// (the answer time does not tell which usernames exist).
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

/** Step 1: the password. Answers a challenge for step 2, with the enrolment QR when the account has no second factor yet. */
export async function operatorLogin(
  db: Db,
  input: { request: InputOf<typeof opsLogin>; ip: string; now: Date; log: FastifyBaseLogger; totpKey?: string },
): Promise<AnswerOf<typeof opsLogin>> {
  const { request, now, log } = input;
  const key = `ops:login:fail:${request.username.toLowerCase()}:${input.ip}`;
  const lock = await failedLoginLock(db, key, MAX_FAILED_LOGINS, now);
  if (lock.locked) throw rateLimited('opsLoginTooMany', lock.retryAfterSeconds);

  const operator = await findOperatorForLogin(db, request.username);
  refuseWhileBlocked(operator, now);
  const ok = await verifyPassword(request.password, operator?.passwordHash ?? (await dummyPasswordHash()));
  if (!operator || !ok || operator.disabled) {
    if (operator && !operator.disabled) await recordOperatorFailure(db, operator.id, (n) => accountBlockedUntil(n, now));
    const verdict = await hitRateLimit(db, { key, limit: MAX_FAILED_LOGINS, windowMs: FAILED_LOGIN_WINDOW_MS }, now);
    log.info({ username: request.username }, 'operator login failed');
    if (!verdict.allowed) throw rateLimited('opsLoginTooMany', verdict.retryAfterSeconds);
    throw new ApiError(ErrorCode.unauthorized, 'opsLoginWrong');
  }
  await clearFailedLogins(db, key);
  if (operator.totpSecretSealed) {
    const challenge = await createLoginChallenge(db, { operatorId: operator.id, enrolSecretSealed: null, now });
    return { step: 'code', challenge };
  }
  // First sign-in (or after a reset): a new secret travels with the challenge until a code proves the app has it.
  const secret = newTotpSecret();
  const sealed = sealSecret(await opsTotpKey(db, input.totpKey), secret);
  const challenge = await createLoginChallenge(db, { operatorId: operator.id, enrolSecretSealed: sealed, now });
  log.info({ operatorId: operator.id }, 'operator enrolling a second factor');
  return { step: 'enrol', challenge, ...(await enrolmentOf(secret, operator.username)) };
}

type CodeOutcome = { ok: true; answer: AnswerOf<typeof opsLoginCode> } | { ok: false; error: ApiError };

/** Step 2: the authenticator code for a challenge. Answers the session; a code is accepted once per account. */
export async function operatorLoginCode(
  db: Db,
  input: { request: InputOf<typeof opsLoginCode>; now: Date; log: FastifyBaseLogger; totpKey?: string },
): Promise<AnswerOf<typeof opsLoginCode>> {
  const { request, now, log } = input;
  const key = await opsTotpKey(db, input.totpKey);
  // A failure is recorded (it commits) and then thrown, so the transaction returns an outcome instead of throwing.
  const outcome = await db.transaction<CodeOutcome>(async (tx) => {
    const challenge = await lockLoginChallenge(tx, request.challenge, now);
    if (!challenge) return { ok: false, error: new ApiError(ErrorCode.unauthorized, 'opsChallengeExpired') };
    const operator = await lockOperatorForLogin(tx, challenge.operatorId);
    if (!operator || operator.disabled) return { ok: false, error: new ApiError(ErrorCode.unauthorized, 'opsChallengeExpired') };
    try {
      refuseWhileBlocked(operator, now);
    } catch (error) {
      return { ok: false, error: error as ApiError };
    }
    const sealed = challenge.enrolSecretSealed ?? operator.totpSecretSealed;
    const secret = sealed ? openSecret(key, sealed) : null;
    const step = secret ? matchTotp(secret, operator.username, request.code, now) : null;
    // A step at or before the last accepted one is a replayed code.
    if (step === null || (operator.totpLastStep !== null && step <= operator.totpLastStep)) {
      const failures = await recordOperatorFailure(tx, operator.id, (n) => accountBlockedUntil(n, now));
      log.info({ operatorId: operator.id, failures }, 'operator code refused');
      if (failures >= ACCOUNT_HARD_LOCK) return { ok: false, error: new ApiError(ErrorCode.forbidden, 'opsAccountLocked') };
      return { ok: false, error: new ApiError(ErrorCode.unauthorized, 'opsCodeWrong') };
    }
    await useLoginChallenge(tx, request.challenge, now);
    if (challenge.enrolSecretSealed) await enrolOperatorTotp(tx, operator.id, challenge.enrolSecretSealed, step, now);
    else await recordOperatorSignIn(tx, operator.id, step);
    const session = await createOperatorSession(tx, operator.id, now);
    log.info({ operatorId: operator.id, enrolled: Boolean(challenge.enrolSecretSealed) }, 'operator logged in');
    return {
      ok: true,
      answer: { token: session.token, username: operator.username, role: operator.role, expiresAt: session.expiresAt.toISOString() },
    };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.answer;
}

export async function operatorLogout(db: Db, token: string): Promise<{ loggedOut: boolean }> {
  await deleteOperatorSession(db, token);
  return { loggedOut: true };
}

// --- Accounts: `pnpm ops:user` (cli/ops-user.ts) ---------------------------------------------------------------------

/** A readable one-time password: 20 characters of an unambiguous alphabet (about 100 bits). */
export function newInitialPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join('');
}

export type AccountOutcome = { ok: true; password?: string } | { ok: false; problem: string };

/** Adds an account; it enrols its authenticator at its first sign-in. */
export async function addOperatorAccount(
  db: Db,
  input: { username: string; role: OpsRole; password?: string; now: Date },
): Promise<AccountOutcome> {
  const password = input.password ?? newInitialPassword();
  if (password.length < 12) return { ok: false, problem: 'The password must have at least 12 characters.' };
  const added = await insertOperator(db, {
    username: input.username,
    passwordHash: await hashPassword(password),
    role: input.role,
    now: input.now,
  });
  if (!added) return { ok: false, problem: `An operator named ${input.username} already exists.` };
  return { ok: true, ...(input.password ? {} : { password }) };
}

export async function disableOperatorAccount(db: Db, username: string): Promise<AccountOutcome> {
  return (await disableOperator(db, username)) ? { ok: true } : { ok: false, problem: `No operator named ${username}.` };
}

/** Forgets the authenticator and the lockout, with a new one-time password (the usual case: a lost phone). */
export async function resetOperatorAccount(db: Db, input: { username: string; password?: string }): Promise<AccountOutcome> {
  const password = input.password ?? newInitialPassword();
  if (password.length < 12) return { ok: false, problem: 'The password must have at least 12 characters.' };
  const done = await resetOperatorMfa(db, input.username, await hashPassword(password));
  if (!done) return { ok: false, problem: `No operator named ${input.username}.` };
  return { ok: true, ...(input.password ? {} : { password }) };
}
