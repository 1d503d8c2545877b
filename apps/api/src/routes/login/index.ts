import type { FastifyInstance } from 'fastify';
import { ErrorCode, loginLogout, loginSendCode, loginSmsLogin } from '@lendview/contracts';
import { t } from '../../i18n/messages.ts';
import { ApiError, badRequest, rateLimited } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { hitRateLimit } from '../../repositories/rate-limits.ts';
import { createSession, deleteSession, findBorrowerByPhone } from '../../repositories/sessions.ts';
import { checkSmsCode, issueSmsCode } from '../../repositories/sms-codes.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * SMS login (ARCHITECTURE.md fixes the paths the spec leaves unnamed).
 *
 * Unknown phones: send-code answers exactly as for a registered phone (same envelope, same limits) but no
 * code is created and no SMS is sent, so the endpoint cannot be used to find out who is a borrower. The
 * success message says so honestly ("If this phone number is registered, ..."). Registration is the
 * promotion flow's job (spec 2.6).
 */
export default async function loginRoutes(app: FastifyInstance) {
  registerEndpoint(app, loginSendCode, {
    fieldMessages: { phone: 'phoneInvalid' },
    successMessage: 'smsCodeSent',
    handler: async ({ input, db, now, lang, req }) => {
      const { limits } = app;
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
        const code = await issueSmsCode(db, input.phone, 'login', now);
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
    handler: async ({ input, db, now, identity }) => {
      // Commit the attempt count whatever the outcome; answer after the transaction.
      const outcome = await db.transaction(async (tx) => {
        const check = await checkSmsCode(tx, { phone: input.phone, purpose: 'login', code: input.smsCode, now });
        if (check.result !== 'ok') return check;
        const borrower = await findBorrowerByPhone(tx, input.phone);
        if (!borrower) return { result: 'none' as const };
        const tok = await createSession(tx, { borrowerId: borrower.id, deviceId: identity.deviceId, now });
        return { result: 'ok' as const, tok };
      });
      switch (outcome.result) {
        case 'ok':
          return { tok: outcome.tok };
        case 'none':
          throw badRequest('smsCodeNotRequested');
        case 'used':
          throw badRequest('smsCodeUsed');
        case 'expired':
          throw badRequest('smsCodeExpired');
        case 'wrong':
          throw badRequest('smsCodeWrong', { remaining: outcome.remaining });
        case 'locked':
          throw new ApiError(ErrorCode.rateLimited, 'smsCodeTooManyTries');
      }
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
