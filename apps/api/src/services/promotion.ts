import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  PHONE_PATTERN,
  PROMO_CODE,
  PROMOTION_ENDED_CODE,
  type channelTemplate,
  type getSms,
  type register,
  type trackVisit,
} from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { renderCaptchaPng } from '../lib/captcha-image.ts';
import type { Limits } from '../lib/context.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { ApiError, notFound, rateLimited } from '../lib/errors.ts';
import type { SmsProvider } from '../providers/sms.ts';
import {
  bindCaptcha,
  captchaAnswer,
  createCaptcha,
  findBoundCaptcha,
  markCaptchaUsed,
  spendCaptcha,
  viewableCaptchaAnswer,
} from '../repositories/captchas.ts';
import { findServedTemplate } from '../repositories/landing-templates.ts';
import { createRegisteredBorrower, insertPromotionEvent, ipHasher, recordRegistration } from '../repositories/promotion.ts';
import { hitRateLimit } from '../repositories/rate-limits.ts';
import { findBorrowerByPhone } from '../repositories/sessions.ts';
import { checkSmsCode, issueSmsCode, smsCodeKeySource } from '../repositories/sms-codes.ts';
import { assertCodeCheckAllowed, assertNewCodeAllowed, smsCodeFailure } from './sms-codes.ts';

/**
 * Promotion landing pages and visitor registration (spec 2.6, 4.5, 7.4, 8; docs/promotion.md).
 *
 * Captcha → SMS → register is a chain of single-use steps, all in the database so any instance can serve any
 * step: get-sid issues a captcha; get-sms spends it (right answer: it becomes bound to the phone and a code is
 * sent); register needs that bound sid, its answer and the SMS code, and creates the borrower.
 */

const HOUR_MS = 60 * 60 * 1000;

export interface PromotionDeps {
  db: Db;
  limits: Limits;
  sms: SmsProvider;
  /** The HMAC key of stored codes (smsCodeKeySource). */
  smsKey: () => Promise<Buffer>;
  /** Salted hash of a client IP (repositories/promotion.ts ipHasher). */
  hashIp: (ip: string) => Promise<string>;
}

/** The dependencies of one app instance (one IP hasher and one key lookup each, made once). */
export function promotionDeps(app: { db: Db; limits: Limits; sms: SmsProvider; smsCodeSecret?: string }): PromotionDeps {
  return { db: app.db, limits: app.limits, sms: app.sms, smsKey: smsCodeKeySource(app), hashIp: ipHasher(app.db) };
}

// Spec 8: code 11 and the wrong-captcha codes are the page's cue (go to download, refresh the captcha).
const alreadyRegistered = () => new ApiError(PROMO_CODE.alreadyRegistered, 'promoAlreadyRegistered', undefined, { status: 409 });

/** The published version of a landing template (registerEndpoint answers no-store: a publish shows on the next load). */
export async function liveTemplate(db: Db, templateId: number, now: Date): Promise<AnswerOf<typeof channelTemplate>> {
  // Evaluated at read time (migration 012): a scheduled version is served from its time on, with no job.
  const served = await findServedTemplate(db, templateId, now);
  // An unpublished landing says it has ended (its own code, so the page shows an "ended" page, not an error).
  if (served.state === 'ended') throw new ApiError(PROMOTION_ENDED_CODE, 'templateEnded', undefined, { status: 410 });
  if (served.state !== 'live') throw new ApiError(ErrorCode.notFound, 'templateNotFound');
  return { ...served.config, id: templateId };
}

/** A visit or a click of a landing page. Past the per-IP bound the call is still answered 00 but not stored. */
export async function trackPromotion(
  deps: Pick<PromotionDeps, 'db' | 'limits' | 'hashIp'>,
  input: { kind: 'visit' | 'click'; request: InputOf<typeof trackVisit>; phone: string; ip: string; now: Date },
): Promise<{ recorded: boolean }> {
  const { request, now } = input;
  const verdict = await hitRateLimit(
    deps.db,
    { key: `promo:track:ip:${input.ip}`, limit: deps.limits.trackingPerIpPerHour, windowMs: HOUR_MS },
    now,
  );
  // The page ignores the result, and a flood must not grow the table.
  if (!verdict.allowed) return { recorded: false };
  await insertPromotionEvent(deps.db, {
    kind: input.kind,
    pageId: request.page_id,
    pageType: request.page_type,
    userFrom: request.user_from,
    appFrom: request.app_from,
    utmTag: request.utm_tag,
    clientType: request.client_type,
    phone: PHONE_PATTERN.test(input.phone) ? input.phone : null,
    ipHash: await deps.hashIp(input.ip),
    at: now,
  });
  return { recorded: true };
}

/** get-sid: a new captcha, within the per-IP bound. */
export async function newCaptcha(db: Db, input: { limits: Limits; ip: string; now: Date }): Promise<{ sid: string }> {
  const verdict = await hitRateLimit(
    db,
    { key: `promo:captcha:ip:${input.ip}`, limit: input.limits.captchasPerIpPerHour, windowMs: HOUR_MS },
    input.now,
  );
  if (!verdict.allowed) throw rateLimited('tooManyRequests', verdict.retryAfterSeconds);
  const { sid } = await createCaptcha(db, input.now);
  return { sid };
}

/** The captcha image of a sid that may still be shown, or null. */
export async function captchaPng(db: Db, sid: string, now: Date): Promise<Buffer | null> {
  const answer = await viewableCaptchaAnswer(db, sid, now);
  return answer ? renderCaptchaPng(answer, sid) : null;
}

/**
 * get-sms: the captcha is spent first, then a registration code goes to the phone. Issue 12 (NIST SP 800-63B-4,
 * OWASP): the answer is the same whether or not the phone is a borrower. A registered phone gets a code too;
 * register tells it to download the app (spec 8 code 11) only once the code proves the visitor holds the phone.
 * The limits and the lock apply to every phone alike.
 */
export async function sendRegisterCode(
  deps: PromotionDeps,
  input: { request: InputOf<typeof getSms>; ip: string; now: Date; lang: Lang },
): Promise<AnswerOf<typeof getSms>> {
  const { db, limits } = deps;
  const { request, now } = input;
  // Every request counts against its IP, wrong captchas included: this also bounds captcha guessing.
  const ip = await hitRateLimit(db, { key: `sms:register:ip:${input.ip}`, limit: limits.registerSmsPerIpPerHour, windowMs: HOUR_MS }, now);
  if (!ip.allowed) throw rateLimited('tooManyRequests', ip.retryAfterSeconds);
  // The captcha before anything about the phone: without solving it nobody uses up someone else's daily codes.
  if (!(await spendCaptcha(db, request.sid, request.capcode, now))) {
    throw new ApiError(PROMO_CODE.smsWrongCaptcha, 'captchaInvalid');
  }
  await assertNewCodeAllowed(db, {
    phone: request.phone,
    purpose: 'register',
    rules: [
      { key: `sms:register:phone:${request.phone}`, limit: 1, windowMs: limits.smsResendSeconds * 1000, message: 'smsResendTooSoon' },
      {
        key: `sms:register:phone-day:${request.phone}`,
        limit: limits.registerSmsPerPhonePerDay,
        windowMs: 24 * HOUR_MS,
        message: 'smsDailyLimit',
      },
    ],
    now,
  });
  const code = await issueSmsCode(db, await deps.smsKey(), request.phone, 'register', now);
  await deps.sms.send({ phone: request.phone, purpose: 'register', body: t(input.lang, 'registerSmsText', { code }) });
  await bindCaptcha(db, request.sid, request.phone, now);
  return { resendAfter: limits.smsResendSeconds };
}

/**
 * register: the bound captcha, its answer and the SMS code create the borrower. The SMS code's failure count is
 * committed whatever the outcome; the answer comes after the transaction.
 */
export async function registerVisitor(
  deps: Pick<PromotionDeps, 'db' | 'smsKey' | 'hashIp'>,
  input: { request: InputOf<typeof register>; ip: string; now: Date; log: FastifyBaseLogger },
): Promise<AnswerOf<typeof register>> {
  const { db } = deps;
  const { request, now } = input;
  await assertCodeCheckAllowed(db, input.ip, now);
  // Outside the transaction: on PGlite a query on the outer db inside it would wait forever.
  const ipHash = await deps.hashIp(input.ip);
  const key = await deps.smsKey();
  const outcome = await db.transaction(async (tx) => {
    const captcha = await findBoundCaptcha(tx, { sid: request.sid, phone: request.phone, capcode: request.capcode, now });
    if (!captcha) return { result: 'captcha' as const };
    // A used sid: a registration with this sid, captcha and phone succeeded, i.e. whoever holds them proved
    // the phone with its code. A repeated tap on Apply after success lands here (11).
    if (captcha === 'used') {
      return (await findBorrowerByPhone(tx, request.phone)) ? { result: 'registered' as const } : { result: 'captcha' as const };
    }
    const check = await checkSmsCode(tx, key, { phone: request.phone, purpose: 'register', code: request.smsCode, now });
    if (check.result !== 'ok') return check;
    // The code proves the phone: only now may the answer say that it is already a borrower.
    if (await findBorrowerByPhone(tx, request.phone)) {
      await markCaptchaUsed(tx, request.sid);
      return { result: 'registered' as const };
    }
    const borrowerId = await createRegisteredBorrower(tx, request.phone, now);
    if (borrowerId === null) return { result: 'registered' as const };
    await recordRegistration(
      tx,
      borrowerId,
      {
        templateId: request.id,
        userFrom: request.user_from,
        appFrom: request.app_from,
        utmTag: request.utm_tag,
        inviteCode: request.invite_code,
        appName: request.appName,
        deviceId: request.deviceId,
        ipHash,
      },
      now,
    );
    await markCaptchaUsed(tx, request.sid);
    input.log.info({ borrowerId, templateId: request.id }, 'borrower registered');
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
}

/** Demo mode's /dev/captcha-answer: the answer of a sid (any state), so end-to-end tests register without reading the image. */
export async function devCaptchaAnswerOf(db: Db, sid: string): Promise<{ answer: string }> {
  const answer = await captchaAnswer(db, sid);
  if (answer === null) throw notFound();
  return { answer };
}
