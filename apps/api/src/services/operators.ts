import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  OPS_PASSWORD_MIN,
  type OpsAuditAction,
  type OpsRole,
  type opsChangePassword,
  type opsLogin,
  type opsLoginCode,
} from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { ApiError, badRequest, rateLimited } from '../lib/errors.ts';
import type { Operator } from '../lib/operator-auth.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { enrolmentOf, matchTotp, newTotpSecret, openSecret, sealSecret } from '../lib/totp.ts';
import {
  claimLoginCheck,
  clearFailedLogins,
  clearFailedLoginsOf,
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
  releaseLoginCheck,
  resetOperatorMfa,
  setOperatorPassword,
  unlockOperator,
  useLoginChallenge,
  voidLoginChallenges,
  type OperatorForLogin,
} from '../repositories/operators.ts';
import { type AuditDetail, insertAudit } from '../repositories/ops-console.ts';
import { hitRateLimit } from '../repositories/rate-limits.ts';

/**
 * Operator sign-in (contracts/src/ops.ts; docs/operations.md "Accounts and sign-in"): the password, then an
 * authenticator code (TOTP, enrolled at the first sign-in). Two limits hold at once:
 * - per (username, address): 5 failed passwords in 15 minutes lock that pair for the rest of the window;
 * - per account, from any address (NIST SP 800-63B 5.2.2): after 5 consecutive failures (password or code) each
 *   further try waits a growing delay (30 s, 1 min, 2 min, ... never more than 15 min), and only one password
 *   check runs at a time (claimLoginCheck): a burst slows the account, it never locks it out. Every 20
 *   consecutive failures log an alert for a supervisor; `pnpm ops:user unlock <name>` clears it all.
 */

const MAX_FAILED_LOGINS = 5;
const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Consecutive failures of an account before each try has to wait. */
export const ACCOUNT_BACKOFF_AFTER = 5;
/** The back-off never exceeds 15 minutes: a burst can slow an account, never lock it out (issue 34 item 5). */
const BACKOFF = { after: ACCOUNT_BACKOFF_AFTER, baseMs: 30 * 1000, maxMs: 15 * 60 * 1000 };
/** From this many consecutive failures (and every as many more), an alert line for a supervisor. */
export const ACCOUNT_ALERT_EVERY = 20;
/** How long one password check holds the account in back-off (scrypt takes well under a second). */
const CHECK_LEASE_MS = 5 * 1000;

/** The per-(username, address) failure counter's key; its prefix names every address of the username. */
export const failedLoginKey = (username: string, ip = '') => `ops:login:fail:${username.toLowerCase()}:${ip}`;

const waitError = (until: Date, now: Date) =>
  rateLimited('opsLoginTooMany', Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));

function refuseWhileBlocked(operator: OperatorForLogin | null, now: Date): void {
  if (!operator || operator.disabled) return;
  const until = operator.loginBlockedUntil;
  if (until && until > now) throw waitError(until, now);
}

function alertOnBurst(log: FastifyBaseLogger, operator: OperatorForLogin, failures: number): void {
  if (failures >= ACCOUNT_ALERT_EVERY && failures % ACCOUNT_ALERT_EVERY === 0)
    log.warn(
      { alert: 'operator_sign_in_burst', operatorId: operator.id, username: operator.username, failures },
      'operator account: many consecutive failed sign-ins (someone may be guessing its password); a supervisor should check with the operator',
    );
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
  const key = failedLoginKey(request.username, input.ip);
  const lock = await failedLoginLock(db, key, MAX_FAILED_LOGINS, now);
  if (lock.locked) throw rateLimited('opsLoginTooMany', lock.retryAfterSeconds);

  const operator = await findOperatorForLogin(db, request.username);
  refuseWhileBlocked(operator, now);
  // Checked and counted atomically: in back-off, one check at a time; the others wait without a check.
  if (operator && !operator.disabled) {
    const claim = await claimLoginCheck(db, operator.id, { now, leaseMs: CHECK_LEASE_MS, backoffAfter: ACCOUNT_BACKOFF_AFTER });
    if (!claim.claimed) throw waitError(claim.retryAt, now);
  }
  const ok = await verifyPassword(request.password, operator?.passwordHash ?? (await dummyPasswordHash()));
  if (!operator || !ok || operator.disabled) {
    if (operator && !operator.disabled)
      alertOnBurst(log, operator, await recordOperatorFailure(db, operator.id, { now, backoff: BACKOFF }));
    const verdict = await hitRateLimit(db, { key, limit: MAX_FAILED_LOGINS, windowMs: FAILED_LOGIN_WINDOW_MS }, now);
    log.info({ username: request.username }, 'operator login failed');
    if (!verdict.allowed) throw rateLimited('opsLoginTooMany', verdict.retryAfterSeconds);
    throw new ApiError(ErrorCode.unauthorized, 'opsLoginWrong');
  }
  await releaseLoginCheck(db, operator.id);
  await clearFailedLogins(db, key);
  if (operator.totpSecretSealed) {
    const challenge = await createLoginChallenge(db, { operatorId: operator.id, enrolSecretSealed: null, now });
    return { step: 'code', challenge, newPasswordRequired: operator.mustChangePassword };
  }
  // First sign-in (or after a reset): a new secret travels with the challenge until a code proves the app has it.
  const secret = newTotpSecret();
  const sealed = sealSecret(await opsTotpKey(db, input.totpKey), secret);
  // One pending enrolment per account: an earlier one (another device, or someone else with the password) is void.
  const challenge = await db.transaction(async (tx) => {
    await lockOperatorForLogin(tx, operator.id);
    await voidLoginChallenges(tx, operator.id, now);
    return createLoginChallenge(tx, { operatorId: operator.id, enrolSecretSealed: sealed, now });
  });
  log.info({ operatorId: operator.id }, 'operator enrolling a second factor');
  return { step: 'enrol', challenge, ...(await enrolmentOf(secret, operator.username)), newPasswordRequired: operator.mustChangePassword };
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
    // The account's row first, then the challenge: every path that touches an account's challenges locks the
    // account first (enrolment below voids them all), so concurrent code checks queue instead of deadlocking.
    const peek = await lockLoginChallenge(tx, request.challenge, now, { lock: false });
    if (!peek) return { ok: false, error: new ApiError(ErrorCode.unauthorized, 'opsChallengeExpired') };
    const operator = await lockOperatorForLogin(tx, peek.operatorId);
    const challenge = await lockLoginChallenge(tx, request.challenge, now);
    if (!challenge || !operator || operator.disabled)
      return { ok: false, error: new ApiError(ErrorCode.unauthorized, 'opsChallengeExpired') };
    try {
      refuseWhileBlocked(operator, now);
    } catch (error) {
      return { ok: false, error: error as ApiError };
    }
    // An enrolment challenge of an account that enrolled since (on another device) can never finish: the account
    // keeps the authenticator it has (issue 34: a second device took the account over).
    if (challenge.enrolSecretSealed && operator.totpSecretSealed) {
      await useLoginChallenge(tx, request.challenge, now);
      return { ok: false, error: new ApiError(ErrorCode.unauthorized, 'opsChallengeExpired') };
    }
    // A one-time password (new or reset account): the new one is checked before the code, so a missing or weak one
    // costs neither the code nor a failure; it is stored with the session below.
    let newPasswordHash: string | null = null;
    if (operator.mustChangePassword) {
      const problem = await newPasswordProblem(request.newPassword ?? '', operator.passwordHash);
      if (problem) return { ok: false, error: problem };
      newPasswordHash = await hashPassword(request.newPassword!);
    }
    const sealed = challenge.enrolSecretSealed ?? operator.totpSecretSealed;
    const secret = sealed ? openSecret(key, sealed) : null;
    const step = secret ? matchTotp(secret, operator.username, request.code, now) : null;
    // A step at or before the last accepted one is a replayed code.
    if (step === null || (operator.totpLastStep !== null && step <= operator.totpLastStep)) {
      const failures = await recordOperatorFailure(tx, operator.id, { now, backoff: BACKOFF });
      log.info({ operatorId: operator.id, failures }, 'operator code refused');
      alertOnBurst(log, operator, failures);
      return { ok: false, error: new ApiError(ErrorCode.unauthorized, 'opsCodeWrong') };
    }
    // An enrolment or a new password changes the account: every other open challenge of it is void, so nothing
    // started elsewhere (another device, someone else with the one-time password) can finish after this. A plain
    // sign-in changes nothing: it uses its own challenge only (an operator's other tab may still finish its own).
    if (challenge.enrolSecretSealed || newPasswordHash) await voidLoginChallenges(tx, operator.id, now);
    else await useLoginChallenge(tx, request.challenge, now);
    if (challenge.enrolSecretSealed) await enrolOperatorTotp(tx, operator.id, challenge.enrolSecretSealed, step, now);
    else await recordOperatorSignIn(tx, operator.id, step);
    if (newPasswordHash) await setOperatorPassword(tx, operator.id, { passwordHash: newPasswordHash, step });
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

/**
 * What is wrong with a new password, or null: none given; under OPS_PASSWORD_MIN characters; the same as the
 * current one (checked against its hash).
 */
async function newPasswordProblem(password: string, currentHash: string) {
  const min = { min: OPS_PASSWORD_MIN };
  if (password === '') return badRequest('opsNewPasswordRequired', min);
  if (password.length < OPS_PASSWORD_MIN) return badRequest('opsNewPasswordTooShort', min);
  if (await verifyPassword(password, currentHash)) return badRequest('opsNewPasswordSame');
  return null;
}

/**
 * A signed-in operator's new password (issue 34 item 5): the current password and a current code, checked under
 * the account's row lock like the sign-in's code step (a wrong one is a failed sign-in, counted with its
 * back-off); every session of the account ends and a new one is answered.
 */
export async function changeOperatorPassword(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsChangePassword>; now: Date; log: FastifyBaseLogger; totpKey?: string },
): Promise<AnswerOf<typeof opsChangePassword>> {
  const { request, now, log } = input;
  const key = await opsTotpKey(db, input.totpKey);
  const outcome = await db.transaction<CodeOutcome>(async (tx) => {
    const operator = await lockOperatorForLogin(tx, input.operator.id);
    if (!operator || operator.disabled) return { ok: false, error: new ApiError(ErrorCode.unauthorized, 'unauthorized') };
    try {
      refuseWhileBlocked(operator, now);
    } catch (error) {
      return { ok: false, error: error as ApiError };
    }
    const fail = async (messageKey: 'opsCurrentPasswordWrong' | 'opsCodeWrong'): Promise<CodeOutcome> => {
      alertOnBurst(log, operator, await recordOperatorFailure(tx, operator.id, { now, backoff: BACKOFF }));
      return { ok: false, error: new ApiError(ErrorCode.unauthorized, messageKey) };
    };
    if (!(await verifyPassword(request.currentPassword, operator.passwordHash))) return fail('opsCurrentPasswordWrong');
    const secret = operator.totpSecretSealed ? openSecret(key, operator.totpSecretSealed) : null;
    const step = secret ? matchTotp(secret, operator.username, request.code, now) : null;
    if (step === null || (operator.totpLastStep !== null && step <= operator.totpLastStep)) return fail('opsCodeWrong');
    const problem = await newPasswordProblem(request.newPassword, operator.passwordHash);
    if (problem) return { ok: false, error: problem };
    await setOperatorPassword(tx, operator.id, { passwordHash: await hashPassword(request.newPassword), step });
    await voidLoginChallenges(tx, operator.id, now);
    await insertAudit(tx, {
      operatorId: operator.id,
      operator: operator.username,
      action: 'account_password',
      kind: 'account',
      itemId: operator.username,
      detail: {},
      now,
    });
    const session = await createOperatorSession(tx, operator.id, now);
    log.info({ operatorId: operator.id }, 'operator password changed; sessions ended');
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
  if (password.length < OPS_PASSWORD_MIN) return { ok: false, problem: `The password must have at least ${OPS_PASSWORD_MIN} characters.` };
  const passwordHash = await hashPassword(password);
  const added = await db.transaction(async (tx) => {
    if (!(await insertOperator(tx, { username: input.username, passwordHash, role: input.role, now: input.now }))) return false;
    await accountAudit(tx, 'account_add', input.username, input.now, { role: input.role });
    return true;
  });
  if (!added) return { ok: false, problem: `An operator named ${input.username} already exists.` };
  return { ok: true, ...(input.password ? {} : { password }) };
}

/**
 * An account change made on the command line, in the audit trail (issue 34 item 2; migration 029): no operator is
 * signed in there, so the row names the tool; item_id is the account's username. Written in the change's transaction.
 */
const OPS_USER_TOOL = 'ops:user';
function accountAudit(tx: Queryable, action: OpsAuditAction, username: string, now: Date, detail: AuditDetail = {}): Promise<void> {
  return insertAudit(tx, { operatorId: null, operator: OPS_USER_TOOL, action, kind: 'account', itemId: username, detail, now });
}

export async function disableOperatorAccount(db: Db, username: string, now: Date): Promise<AccountOutcome> {
  const done = await db.transaction(async (tx) => {
    if (!(await disableOperator(tx, username))) return false;
    await accountAudit(tx, 'account_disable', username, now);
    return true;
  });
  return done ? { ok: true } : { ok: false, problem: `No operator named ${username}.` };
}

/** Forgets the authenticator and every lock (account and per address), with a new one-time password (a lost phone). */
export async function resetOperatorAccount(db: Db, input: { username: string; password?: string; now: Date }): Promise<AccountOutcome> {
  const password = input.password ?? newInitialPassword();
  if (password.length < OPS_PASSWORD_MIN) return { ok: false, problem: `The password must have at least ${OPS_PASSWORD_MIN} characters.` };
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    if (!(await resetOperatorMfa(tx, input.username, passwordHash))) return false;
    await clearFailedLoginsOf(tx, failedLoginKey(input.username));
    await accountAudit(tx, 'account_reset', input.username, input.now);
    return true;
  });
  if (!done) return { ok: false, problem: `No operator named ${input.username}.` };
  return { ok: true, ...(input.password ? {} : { password }) };
}

/** Clears every lock of the account (its back-off and the per-address counters); password and authenticator stay. */
export async function unlockOperatorAccount(db: Db, username: string, now: Date): Promise<AccountOutcome> {
  const done = await db.transaction(async (tx) => {
    if (!(await unlockOperator(tx, username))) return false;
    await clearFailedLoginsOf(tx, failedLoginKey(username));
    await accountAudit(tx, 'account_unlock', username, now);
    return true;
  });
  return done ? { ok: true } : { ok: false, problem: `No operator named ${username}.` };
}
