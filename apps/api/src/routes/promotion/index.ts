import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CAPTCHA_IMAGE_PATH,
  ErrorCode,
  PHONE_PATTERN,
  PROMO_CODE,
  channelTemplate,
  getSid,
  getSms,
  register,
  trackClick,
  trackVisit,
} from '@lendview/contracts';
import { t } from '../../i18n/messages.ts';
import { renderCaptchaPng } from '../../lib/captcha-image.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { sendFailure } from '../../lib/envelope.ts';
import { ApiError, rateLimited } from '../../lib/errors.ts';
import {
  bindCaptcha,
  createCaptcha,
  findBoundCaptcha,
  markCaptchaUsed,
  spendCaptcha,
  viewableCaptchaAnswer,
} from '../../repositories/captchas.ts';
import { findLiveTemplate } from '../../repositories/landing-templates.ts';
import {
  createRegisteredBorrower,
  insertPromotionEvent,
  ipHasher,
  recordRegistration,
} from '../../repositories/promotion.ts';
import { BORROWER_LIMITS, capRule, hitRateLimit } from '../../repositories/rate-limits.ts';
import { findBorrowerByPhone } from '../../repositories/sessions.ts';
import { checkSmsCode, issueSmsCode, smsCodeKeySource, smsCodeLock } from '../../repositories/sms-codes.ts';
import { smsCodeFailure, smsCodeLocked } from '../login/index.ts';

const HOUR_MS = 60 * 60 * 1000;

const captchaQuery = z.object({ sid: z.string().trim().min(1).max(64) });

/**
 * Promotion landing pages and visitor registration (spec 2.6, 4.5, 7.4, 8; docs/promotion.md).
 *
 * Captcha → SMS → register is a chain of single-use steps, all in the database so any instance can serve any
 * step: get-sid issues a captcha; get-sms spends it (right answer: it becomes bound to the phone and a code is
 * sent); register needs that bound sid, its answer and the SMS code, and creates the borrower.
 */
export default async function promotionRoutes(app: FastifyInstance) {
  const hashIp = ipHasher(app.db);
  const smsKey = smsCodeKeySource(app);

  // Spec 8: code 11 and the wrong-captcha codes are the page's cue (go to download, refresh the captcha).
  const alreadyRegistered = () => new ApiError(PROMO_CODE.alreadyRegistered, 'promoAlreadyRegistered', undefined, { status: 409 });

  registerEndpoint(app, channelTemplate, {
    fieldMessages: { templateId: 'templateNotFound' },
    handler: async ({ input, db }) => {
      const live = await findLiveTemplate(db, input.templateId);
      if (!live) throw new ApiError(ErrorCode.notFound, 'templateNotFound');
      // registerEndpoint answers with Cache-Control: no-store, so a publish shows on the next page load.
      return { ...live, id: input.templateId };
    },
  });

  type TrackInput = z.output<typeof trackVisit.request>;
  async function track(kind: 'visit' | 'click', input: TrackInput, phone: string, now: Date, ip: string) {
    const verdict = await hitRateLimit(
      app.db,
      { key: `promo:track:ip:${ip}`, limit: app.limits.trackingPerIpPerHour, windowMs: HOUR_MS },
      now,
    );
    // Past the bound the call is still answered 00: the page ignores the result, and a flood must not grow the table.
    if (!verdict.allowed) return { recorded: false };
    await insertPromotionEvent(app.db, {
      kind,
      pageId: input.page_id,
      pageType: input.page_type,
      userFrom: input.user_from,
      appFrom: input.app_from,
      utmTag: input.utm_tag,
      clientType: input.client_type,
      phone: PHONE_PATTERN.test(phone) ? phone : null,
      ipHash: await hashIp(ip),
      at: now,
    });
    return { recorded: true };
  }

  registerEndpoint(app, trackVisit, { handler: ({ input, now, req }) => track('visit', input, '', now, req.ip) });
  registerEndpoint(app, trackClick, { handler: ({ input, now, req }) => track('click', input, input.phone, now, req.ip) });

  registerEndpoint(app, getSid, {
    handler: async ({ db, now, req }) => {
      const verdict = await hitRateLimit(
        db,
        { key: `promo:captcha:ip:${req.ip}`, limit: app.limits.captchasPerIpPerHour, windowMs: HOUR_MS },
        now,
      );
      if (!verdict.allowed) throw rateLimited('tooManyRequests', verdict.retryAfterSeconds);
      const { sid } = await createCaptcha(db, now);
      return { sid };
    },
  });

  app.get(CAPTCHA_IMAGE_PATH, async (req, reply) => {
    const query = captchaQuery.safeParse(req.query ?? {});
    const answer = query.success ? await viewableCaptchaAnswer(app.db, query.data.sid, app.clock.now()) : null;
    if (!query.success || !answer) return sendFailure(req, reply, ErrorCode.notFound, 'captchaExpired');
    return reply
      .header('cache-control', 'no-store')
      .type('image/png')
      .send(renderCaptchaPng(answer, query.data.sid));
  });

  registerEndpoint(app, getSms, {
    fieldMessages: { phone: 'phoneInvalid', capcode: 'captchaInvalid', sid: 'captchaInvalid' },
    successMessage: 'promoSmsSent',
    handler: async ({ input, db, now, lang, req }) => {
      const { limits } = app;
      // Every request counts against its IP, wrong captchas included: this also bounds captcha guessing.
      const ip = await hitRateLimit(
        db,
        { key: `sms:register:ip:${req.ip}`, limit: limits.registerSmsPerIpPerHour, windowMs: HOUR_MS },
        now,
      );
      if (!ip.allowed) throw rateLimited('tooManyRequests', ip.retryAfterSeconds);

      // The captcha before anything about the phone: without solving it nobody uses up someone else's daily
      // codes.
      if (!(await spendCaptcha(db, input.sid, input.capcode, now))) {
        throw new ApiError(PROMO_CODE.smsWrongCaptcha, 'captchaInvalid');
      }

      // Issue 12 (NIST SP 800-63B-4, OWASP): the answer is the same whether or not the phone is a borrower. A
      // registered phone gets a code too; register tells it to download the app (spec 8 code 11) only once
      // the code proves the visitor holds the phone. The limits and the lock apply to every phone alike.
      const locked = await smsCodeLock(db, input.phone, 'register', now);
      if (locked !== null) throw smsCodeLocked(locked);

      const rules = [
        { key: `sms:register:phone:${input.phone}`, limit: 1, windowMs: limits.smsResendSeconds * 1000, message: 'smsResendTooSoon' },
        { key: `sms:register:phone-day:${input.phone}`, limit: limits.registerSmsPerPhonePerDay, windowMs: 24 * HOUR_MS, message: 'smsDailyLimit' },
      ] as const;
      for (const rule of rules) {
        const verdict = await hitRateLimit(db, rule, now);
        if (!verdict.allowed) throw rateLimited(rule.message, verdict.retryAfterSeconds);
      }
      const code = await issueSmsCode(db, await smsKey(), input.phone, 'register', now);
      await app.sms.send({ phone: input.phone, purpose: 'register', body: t(lang, 'registerSmsText', { code }) });
      await bindCaptcha(db, input.sid, input.phone, now);
      return { resendAfter: limits.smsResendSeconds };
    },
  });

  registerEndpoint(app, register, {
    fieldMessages: { phone: 'phoneInvalid', capcode: 'captchaInvalid', sid: 'captchaInvalid', smsCode: 'smsCodeInvalid' },
    successMessage: 'registerOk',
    handler: async ({ input, db, now, req }) => {
      const perIp = await hitRateLimit(db, capRule('sms-check:ip', req.ip, BORROWER_LIMITS.smsChecksPerIpPerHour), now);
      if (!perIp.allowed) throw rateLimited('tooManyRequests', perIp.retryAfterSeconds);
      // Outside the transaction: on PGlite a query on the outer db inside it would wait forever.
      const ipHash = await hashIp(req.ip);
      const key = await smsKey();
      // Commit the SMS code's failure count whatever the outcome; answer after the transaction.
      const outcome = await db.transaction(async (tx) => {
        const captcha = await findBoundCaptcha(tx, { sid: input.sid, phone: input.phone, capcode: input.capcode, now });
        if (!captcha) return { result: 'captcha' as const };
        // A used sid: a registration with this sid, captcha and phone succeeded, i.e. whoever holds them proved
        // the phone with its code. A repeated tap on Apply after success lands here (11).
        if (captcha === 'used') {
          return (await findBorrowerByPhone(tx, input.phone)) ? { result: 'registered' as const } : { result: 'captcha' as const };
        }
        const check = await checkSmsCode(tx, key, { phone: input.phone, purpose: 'register', code: input.smsCode, now });
        if (check.result !== 'ok') return check;
        // The code proves the phone: only now may the answer say that it is already a borrower.
        if (await findBorrowerByPhone(tx, input.phone)) {
          await markCaptchaUsed(tx, input.sid);
          return { result: 'registered' as const };
        }
        const borrowerId = await createRegisteredBorrower(tx, input.phone, now);
        if (borrowerId === null) return { result: 'registered' as const };
        await recordRegistration(
          tx,
          borrowerId,
          {
            templateId: input.id,
            userFrom: input.user_from,
            appFrom: input.app_from,
            utmTag: input.utm_tag,
            inviteCode: input.invite_code,
            appName: input.appName,
            deviceId: input.deviceId,
            ipHash,
          },
          now,
        );
        await markCaptchaUsed(tx, input.sid);
        req.log.info({ borrowerId, templateId: input.id }, 'borrower registered');
        return { result: 'ok' as const };
      });
      switch (outcome.result) {
        case 'ok':
          return { registered: true };
        case 'captcha':
          throw new ApiError(PROMO_CODE.registerWrongCaptcha, 'captchaInvalid');
        case 'registered':
          throw alreadyRegistered();
        default:
          throw smsCodeFailure(outcome);
      }
    },
  });
}
