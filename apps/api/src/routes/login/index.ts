import type { FastifyInstance } from 'fastify';
import { loginLogout, loginSendCode, loginSmsLogin } from '@lendview/contracts';
import { t } from '../../i18n/messages.ts';
import { badRequest, rateLimited } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { BORROWER_LIMITS, capRule, hitRateLimit } from '../../repositories/rate-limits.ts';
import { createSession, deleteSession, findBorrowerByPhone } from '../../repositories/sessions.ts';
import { checkSmsCode, issueSmsCode, smsCodeKeySource, smsCodeLock, type SmsCodeCheck } from '../../repositories/sms-codes.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The failures of an SMS code check as envelopes, shared by login and registration: one message for wrong,
 * expired, used and never-sent codes (so nobody learns whether a phone is registered or has a code), and one
 * lock message with Retry-After.
 */
export function smsCodeFailure(check: Exclude<SmsCodeCheck, { result: 'ok' }>) {
  if (check.result === 'locked') return smsCodeLocked(check.retryAfterSeconds);
  return badRequest('smsCodeRejected', { remaining: check.remaining });
}

export const smsCodeLocked = (seconds: number) => rateLimited('smsCodeLocked', seconds, { minutes: Math.ceil(seconds / 60) });

/**
 * SMS login (ARCHITECTURE.md fixes the paths the spec leaves unnamed).
 *
 * Unknown phones: send-code answers exactly as for a registered phone (same envelope, same limits) but no
 * code is created and no SMS is sent, so the endpoint cannot be used to find out who is a borrower. The
 * success message says so honestly ("If this phone number is registered, ..."). Registration is the
 * promotion flow's job (spec 2.6).
 */
export default async function loginRoutes(app: FastifyInstance) {
  const smsKey = smsCodeKeySource(app);

  registerEndpoint(app, loginSendCode, {
    fieldMessages: { phone: 'phoneInvalid' },
    successMessage: 'smsCodeSent',
    handler: async ({ input, db, now, lang, req }) => {
      const { limits } = app;
      // A phone locked after wrong codes cannot use a new one: said to every phone alike, registered or not.
      const locked = await smsCodeLock(db, input.phone, 'login', now);
      if (locked !== null) throw smsCodeLocked(locked);

      const rules = [
        { key: `sms:login:phone:${input.phone}`, limit: 1, windowMs: limits.smsResendSeconds * 1000, message: 'smsResendTooSoon' },
        { key: `sms:login:phone-day:${input.phone}`, limit: limits.smsPerPhonePerDay, windowMs: 24 * HOUR_MS, message: 'smsDailyLimit' },
        { key: `sms:login:ip:${req.ip}`, limit: limits.smsPerIpPerHour, windowMs: HOUR_MS, message: 'tooManyRequests' },
      ] as const;
      for (const rule of rules) {
        const verdict = await hitRateLimit(db, rule, now);
        if (!verdict.allowed) throw rateLimited(rule.message, verdict.retryAfterSeconds);
      }

      const borrower = await findBorrowerByPhone(db, input.phone);
      if (borrower) {
        const code = await issueSmsCode(db, await smsKey(), input.phone, 'login', now);
        await app.sms.send({ phone: input.phone, purpose: 'login', body: t(lang, 'smsLoginText', { code }) });
        req.log.info({ borrowerId: borrower.id }, 'login code sent');
      } else {
        req.log.info('login code requested for an unregistered phone: nothing sent');
      }
      return { sent: true, resendAfter: limits.smsResendSeconds };
    },
  });

  registerEndpoint(app, loginSmsLogin, {
    fieldMessages: { phone: 'phoneInvalid', smsCode: 'smsCodeInvalid' },
    successMessage: 'loginOk',
    handler: async ({ input, db, now, identity, req }) => {
      const perIp = await hitRateLimit(db, capRule('sms-check:ip', req.ip, BORROWER_LIMITS.smsChecksPerIpPerHour), now);
      if (!perIp.allowed) throw rateLimited('tooManyRequests', perIp.retryAfterSeconds);
      const key = await smsKey();
      // Commit the failure count whatever the outcome; answer after the transaction. A phone that is not a
      // borrower never has a code, so it takes the same path (a failure counted against the phone) and the
      // same answer as a wrong code.
      const outcome = await db.transaction(async (tx) => {
        const check = await checkSmsCode(tx, key, { phone: input.phone, purpose: 'login', code: input.smsCode, now });
        if (check.result !== 'ok') return check;
        const borrower = await findBorrowerByPhone(tx, input.phone);
        if (!borrower) throw new Error('a login code was issued to a phone that is not a borrower');
        const tok = await createSession(tx, { borrowerId: borrower.id, deviceId: identity.deviceId, now });
        return { result: 'ok' as const, tok };
      });
      if (outcome.result !== 'ok') throw smsCodeFailure(outcome);
      return { tok: outcome.tok };
    },
  });

  registerEndpoint(app, loginLogout, {
    auth: true,
    successMessage: 'logoutOk',
    handler: async ({ identity, db }) => {
      // auth: true guarantees a live token.
      await deleteSession(db, identity.token!);
      return { loggedOut: true };
    },
  });
}
