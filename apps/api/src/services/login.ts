import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import type { Limits } from '../lib/context.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { createSession, deleteSession, findBorrowerByPhone } from '../repositories/sessions.ts';
import { checkSmsCode, issueSmsCode } from '../repositories/sms-codes.ts';
import { assertCodeCheckAllowed, assertNewCodeAllowed, smsCodeFailure } from './sms-codes.ts';

/**
 * SMS login (ARCHITECTURE.md fixes the paths the spec leaves unnamed).
 *
 * Unknown phones: send-code answers exactly as for a registered phone (same envelope, same limits) but no
 * code is created and no SMS is sent, so the endpoint cannot be used to find out who is a borrower. The
 * success message says so honestly ("If this phone number is registered, ..."). Registration is the
 * promotion flow's job (spec 2.6).
 */

const HOUR_MS = 60 * 60 * 1000;

export interface LoginDeps {
  db: Db;
  sms: SmsProvider;
  limits: Limits;
  /** The HMAC key of stored codes (repositories/sms-codes.ts smsCodeKeySource). */
  smsKey: () => Promise<Buffer>;
  log: FastifyBaseLogger;
}

export async function sendLoginCode(
  deps: LoginDeps,
  input: { phone: string; ip: string; now: Date; lang: Lang },
): Promise<{ sent: boolean; resendAfter: number }> {
  const { db, limits } = deps;
  const { phone, now } = input;
  await assertNewCodeAllowed(db, {
    phone,
    purpose: 'login',
    rules: [
      { key: `sms:login:phone:${phone}`, limit: 1, windowMs: limits.smsResendSeconds * 1000, message: 'smsResendTooSoon' },
      { key: `sms:login:phone-day:${phone}`, limit: limits.smsPerPhonePerDay, windowMs: 24 * HOUR_MS, message: 'smsDailyLimit' },
      { key: `sms:login:ip:${input.ip}`, limit: limits.smsPerIpPerHour, windowMs: HOUR_MS, message: 'tooManyRequests' },
    ],
    now,
  });
  const borrower = await findBorrowerByPhone(db, phone);
  if (borrower) {
    const code = await issueSmsCode(db, await deps.smsKey(), phone, 'login', now);
    await deps.sms.send({ phone, purpose: 'login', body: t(input.lang, 'smsLoginText', { code }) });
    deps.log.info({ borrowerId: borrower.id }, 'login code sent');
  } else {
    deps.log.info('login code requested for an unregistered phone: nothing sent');
  }
  return { sent: true, resendAfter: limits.smsResendSeconds };
}

/**
 * A session for the phone's borrower when the code is right. The failure count is committed whatever the
 * outcome; the answer comes after the transaction. A phone that is not a borrower never has a code, so it takes
 * the same path (a failure counted against the phone) and the same answer as a wrong code.
 */
export async function loginWithCode(
  deps: Pick<LoginDeps, 'db' | 'smsKey'>,
  input: { phone: string; smsCode: string; deviceId: string | undefined; ip: string; now: Date },
): Promise<{ tok: string }> {
  const { db } = deps;
  const { phone, now } = input;
  await assertCodeCheckAllowed(db, input.ip, now);
  const key = await deps.smsKey();
  const outcome = await db.transaction(async (tx) => {
    const check = await checkSmsCode(tx, key, { phone, purpose: 'login', code: input.smsCode, now });
    if (check.result !== 'ok') return check;
    const borrower = await findBorrowerByPhone(tx, phone);
    if (!borrower) throw new Error('a login code was issued to a phone that is not a borrower');
    const tok = await createSession(tx, { borrowerId: borrower.id, deviceId: input.deviceId, now });
    return { result: 'ok' as const, tok };
  });
  if (outcome.result !== 'ok') throw smsCodeFailure(outcome);
  return { tok: outcome.tok };
}

export async function logout(db: Db, token: string): Promise<{ loggedOut: boolean }> {
  await deleteSession(db, token);
  return { loggedOut: true };
}
