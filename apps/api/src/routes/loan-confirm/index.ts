import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_VERSION_HEADER, ErrorCode, loanConfirmSendSms, loanDetailConfirm, loanDetailPush, type AcceptedDocument } from '@lendview/contracts';
import { formatMoney, formatRateBp } from '../../i18n/format.ts';
import { t, type Lang } from '../../i18n/messages.ts';
import { jakartaDate } from '../../lib/dates.ts';
import { ApiError, badRequest, notFound, rateLimited } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { repaymentPlan } from '../../lib/money.ts';
import { checkConfirmCode, agreementDocument, issueConfirmCode, recordConsent } from '../../repositories/consents.ts';
import { CONFIRM_CONTRACT_SCENE, listContracts } from '../../repositories/contracts.ts';
import { createOrderUnderReview } from '../../repositories/orders.ts';
import { findProduct } from '../../repositories/products.ts';
import { hitRateLimit } from '../../repositories/rate-limits.ts';
import { contractViewUrl, offerOf, offerRows, repayPlansOf, termBounds } from '../../services/loans.ts';
import { unavailableError } from '../../services/products.ts';
import { maskPhone } from '../../lib/phones.ts';

export interface LoanConfirmOptions {
  /** CONFIRM_STEP_UP=1: the confirm also needs an SMS code sent to the borrower's own phone. */
  stepUp?: boolean;
}

const RESEND_SECONDS = 60;
const CONFIRM_CODES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The agreements of the confirm (scene 3) as the page shows them in `lang`, with version and hash. */
async function agreementsShown(db: FastifyInstance['db'], productId: number, lang: Lang) {
  const list = await listContracts(db, productId, CONFIRM_CONTRACT_SCENE);
  return list.map((c) => ({ contract: c, doc: agreementDocument(c, lang) }));
}

/** `1:abc…,2:def…` → pairs; anything malformed is a bad field. */
function parseAgreements(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(\d{1,9}):([0-9a-f]{64})$/.exec(part);
    if (!m) throw badRequest('fieldInvalid', { field: 'agreements' });
    out.set(m[1]!, m[2]!);
  }
  return out;
}

const headerText = (req: FastifyRequest, name: string): string | null => {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.trim() !== '' ? s.trim() : null;
};

/** Loan confirmation (spec 2.5, 4.8, 7.6) with its consent record and optional SMS step-up (issue 12 item 4). */
export default async function loanConfirmRoutes(app: FastifyInstance, opts: LoanConfirmOptions) {
  const stepUp = opts.stepUp === true;

  /** The product's offer: default amount and term, the plan computed from today, the popup agreement. */
  registerEndpoint(app, loanDetailConfirm, {
    auth: true,
    handler: async ({ input, db, now, lang }) => {
      const today = jakartaDate(now);
      const product = await findProduct(db, input.productId, today);
      if (!product) throw notFound();
      const offer = offerOf(product, today);
      const agreements = await agreementsShown(db, product.id, lang);
      const popup = agreements.find((a) => a.contract.popup)?.contract;
      const first = offer.plan.instalments[0]!;
      return {
        productId: product.id,
        productLogo: product.logoUrl,
        productName: product.name,
        amount: offer.amount,
        periods: offer.termDays,
        termUnit: 'day' as const,
        ...offerRows(product, offer, lang),
        repay_plans: repayPlansOf(offer.plan, lang),
        firstPayTime: first.dueDate,
        firstPeriodDay: first.days,
        pRateDsc: t(lang, 'rateDescription', { rate: formatRateBp(product.dailyRateBp, lang) }),
        // 1 only with CONFIRM_STEP_UP=1: otherwise the session is the borrower's proof.
        sendSms: stepUp ? (1 as const) : (0 as const),
        isPopType: popup ? (1 as const) : (0 as const),
        popContent: popup ? t(lang, 'popupContent') : '',
        popTitle: popup ? popup.title[lang] : '',
        popAgreementUrl: popup ? contractViewUrl(popup.id, product.id, null, lang) : '',
        note: t(lang, 'confirmNote'),
        sp_rate: formatRateBp(product.dailyRateBp, lang),
        agreements: agreements.map((a) => ({ id: a.contract.id, title: a.contract.title[lang], version: a.doc.version, sha256: a.doc.sha256 })),
        smsResendSeconds: RESEND_SECONDS,
      };
    },
  });

  /**
   * Step-up (CONFIRM_STEP_UP=1): a 6-digit code to the borrower's own phone, one per 60 s, 10 a day. Without
   * step-up configured the route answers NOT_FOUND like any unknown path.
   */
  registerEndpoint(app, loanConfirmSendSms, {
    auth: true,
    handler: async ({ input, db, now, lang, borrower, setSuccessMessage }) => {
      if (!stepUp) throw notFound();
      const product = await findProduct(db, input.productId, jakartaDate(now));
      if (!product) throw notFound();
      const resend = await hitRateLimit(db, { key: `confirm-sms:resend:${borrower.id}`, limit: 1, windowMs: RESEND_SECONDS * 1000 }, now);
      if (!resend.allowed) throw rateLimited('smsResendTooSoon', resend.retryAfterSeconds);
      const daily = await hitRateLimit(db, { key: `confirm-sms:day:${borrower.id}`, limit: CONFIRM_CODES_PER_DAY, windowMs: DAY_MS }, now);
      if (!daily.allowed) throw rateLimited('smsDailyLimit', daily.retryAfterSeconds);
      const code = await issueConfirmCode(db, borrower.id, product.id, now);
      // The outbox's purpose column is free text; 'confirm' keeps these apart from login codes.
      await app.sms.send({ phone: borrower.phone, purpose: 'confirm' as 'login', body: t(lang, 'confirmSmsText', { code }) });
      const phoneMasked = maskPhone(borrower.phone);
      setSuccessMessage('confirmSmsSent', { phone: phoneMasked });
      return { sent: true as const, resendAfter: RESEND_SECONDS, phoneMasked };
    },
  });

  /**
   * Confirms: checks amount and term against the product (term within spec 9's 91-365 days), the agreements the
   * page showed (when it says) and the step-up code (when configured); creates the order in status 21 with its
   * instalment plan from today, or answers the order already under review for this borrower and product
   * (idempotent: a double tap makes one order); then writes the consent record.
   */
  registerEndpoint(app, loanDetailPush, {
    auth: true,
    handler: async ({ input, db, now, lang, borrower, identity, shared, req }) => {
      const today = jakartaDate(now);
      const product = await findProduct(db, input.productId, today);
      if (!product) throw notFound();
      if (product.buttonStatus === 0) throw unavailableError('disabled');
      if (input.amount < product.amountMin || input.amount > product.amountMax) {
        throw badRequest('amountOutOfRange', { min: formatMoney(product.amountMin, lang), max: formatMoney(product.amountMax, lang) });
      }
      const bounds = termBounds(product);
      if (input.periods < bounds.min || input.periods > bounds.max) {
        throw badRequest('termOutOfRange', { min: bounds.min, max: bounds.max });
      }

      const agreements = await agreementsShown(db, product.id, lang);
      if (input.agreements !== undefined && input.agreements.trim() !== '') {
        // The page says what it showed: confirming terms that changed meanwhile would be consent to unread text.
        const shown = parseAgreements(input.agreements);
        const same = shown.size === agreements.length && agreements.every((a) => shown.get(a.doc.id) === a.doc.sha256);
        if (!same) throw new ApiError(ErrorCode.conflict, 'agreementChanged');
      }

      if (stepUp) {
        const code = (input.smsCode ?? '').trim();
        if (code === '') throw badRequest('confirmSmsRequired');
        const check = await db.transaction((tx) => checkConfirmCode(tx, { borrowerId: borrower.id, productId: product.id, code, now }));
        if (check === 'none') throw badRequest('smsCodeNotRequested');
        if (check === 'used') throw badRequest('smsCodeUsed');
        if (check === 'expired') throw badRequest('smsCodeExpired');
        if (check === 'locked') throw new ApiError(ErrorCode.rateLimited, 'smsCodeTooManyTries');
        if (check !== 'ok') throw badRequest('smsCodeWrong', { remaining: check.wrong });
      }

      const plan = repaymentPlan({ principal: input.amount, termDays: input.periods, dailyRateBp: product.dailyRateBp, startDate: today });
      const { orderNo, created } = await createOrderUnderReview(db, {
        borrowerId: borrower.id,
        productId: product.id,
        principal: plan.principal,
        interest: plan.interest,
        termDays: input.periods,
        dailyRateBp: product.dailyRateBp,
        businessDay: today,
        now,
        instalments: plan.instalments,
      });
      const documents: AcceptedDocument[] = agreements.map((a) => a.doc);
      await recordConsent(db, {
        orderNo,
        borrowerId: borrower.id,
        productId: product.id,
        amount: plan.principal,
        termDays: input.periods,
        documents,
        lang,
        deviceId: identity.deviceId ?? null,
        ip: req.ip,
        appVersion: headerText(req, APP_VERSION_HEADER) ?? shared.aVer ?? null,
        userAgent: headerText(req, 'user-agent'),
        verifiedBy: stepUp ? 'sms' : 'session',
        repeated: !created,
        now,
      });
      const q = new URLSearchParams({ productId: String(product.id), orderId: orderNo });
      return { orderId: orderNo, lendDetailsUrl: `/loanDetails?${q.toString()}` };
    },
  });
}
