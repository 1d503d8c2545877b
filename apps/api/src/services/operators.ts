import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type opsLogin } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { ApiError, rateLimited } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import {
  clearFailedLogins,
  createOperatorSession,
  deleteOperatorSession,
  failedLoginLock,
  findOperatorForLogin,
} from '../repositories/operators.ts';
import { hitRateLimit } from '../repositories/rate-limits.ts';

/** Operator login and logout (contracts/src/ops.ts; docs/complaints.md). */

/** Failed logins of one username from one IP before it is locked for the rest of the window. */
const MAX_FAILED_LOGINS = 5;
const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

// Compared against when the username does not exist, so an unknown user costs one scrypt like a known one
// (the answer time does not tell which usernames exist).
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

export async function operatorLogin(
  db: Db,
  input: { request: InputOf<typeof opsLogin>; ip: string; now: Date; log: FastifyBaseLogger },
): Promise<AnswerOf<typeof opsLogin>> {
  const { request, now, log } = input;
  const key = `ops:login:fail:${request.username.toLowerCase()}:${input.ip}`;
  const lock = await failedLoginLock(db, key, MAX_FAILED_LOGINS, now);
  if (lock.locked) throw rateLimited('opsLoginTooMany', lock.retryAfterSeconds);

  const operator = await findOperatorForLogin(db, request.username);
  const ok = await verifyPassword(request.password, operator?.passwordHash ?? (await dummyPasswordHash()));
  if (!operator || !ok || operator.disabled) {
    const verdict = await hitRateLimit(db, { key, limit: MAX_FAILED_LOGINS, windowMs: FAILED_LOGIN_WINDOW_MS }, now);
    log.info({ username: request.username }, 'operator login failed');
    if (!verdict.allowed) throw rateLimited('opsLoginTooMany', verdict.retryAfterSeconds);
    throw new ApiError(ErrorCode.unauthorized, 'opsLoginWrong');
  }
  await clearFailedLogins(db, key);
  const session = await createOperatorSession(db, operator.id, now);
  log.info({ operatorId: operator.id }, 'operator logged in');
  return { token: session.token, username: operator.username, role: operator.role, expiresAt: session.expiresAt.toISOString() };
}

export async function operatorLogout(db: Db, token: string): Promise<{ loggedOut: boolean }> {
  await deleteOperatorSession(db, token);
  return { loggedOut: true };
}
