import {
  ErrorCode,
  type AcceptedDocument,
  type loanConfirmSendSms,
  type loanKeyFacts,
  type loanDetailConfirm,
  type loanDetailPush,
} from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { formatMoney, formatRateBp } from '../i18n/format.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf, InputOf, WithMessage } from '../lib/endpoint.ts';
import { ApiError, badRequest, notFound, rateLimited } from '../lib/errors.ts';
import { repaymentPlan } from '../lib/money.ts';
import { maskPhone } from '../lib/phones.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { agreementDocument, checkConfirmCode, hasSameConsent, issueConfirmCode, recordConsent } from '../repositories/consents.ts';
import { CONFIRM_CONTRACT_SCENE, listContracts } from '../repositories/contracts.ts';
import { createOrderUnderReview } from '../repositories/orders.ts';
import { saveKeyFacts } from '../repositories/key-facts.ts';
import { findProduct, type Product } from '../repositories/products.ts';
import { hitRateLimit } from '../repositories/rate-limits.ts';
import type { Borrower } from '../repositories/sessions.ts';
import { contractViewUrl, offerOf, offerRows, repayPlansOf, termBounds } from './loans.ts';
import { KFS_DOCUMENT_KIND, offerKeyFacts } from './kfs.ts';
import { unavailableError } from './products.ts';

/** Loan confirmation (spec 2.5, 4.8, 7.6) with its consent record and optional SMS step-up (issue 12 item 4). */

const RESEND_SECONDS = 60;
const CONFIRM_CODES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Confirmations a borrower may send in 10 minutes (a double tap and a few retries are far below it). */
const CONFIRMS_PER_WINDOW = 20;
const CONFIRM_WINDOW_MS = 10 * 60 * 1000;

/** The agreements of the confirm (scene 3) as the page shows them in `lang`, with version and hash. */
async function agreementsShown(db: Db, productId: number, lang: Lang) {
  const list = await listContracts(db, productId, CONFIRM_CONTRACT_SCENE);
  return list.map((c) => ({ contract: c, doc: agreementDocument(c, lang) }));
}

/** Amount and term within the product's limits (term within spec 9's 91-365 days), else BAD_REQUEST. */
function checkOffer(product: Product, amount: number, periods: number, lang: Lang): void {
  if (amount < product.amountMin || amount > product.amountMax) {
    throw badRequest('amountOutOfRange', { min: formatMoney(product.amountMin, lang), max: formatMoney(product.amountMax, lang) });
  }
  const bounds = termBounds(product);
  if (periods < bounds.min || periods > bounds.max) throw badRequest('termOutOfRange', { min: bounds.min, max: bounds.max });
}

/**
 * The key facts statement of the offer the borrower may confirm (issue 18): the same amount and term the confirm
 * will send, for this borrower (their late penalty) in the page's language.
 */
export async function offerKeyFactsOf(
  db: Db,
  input: { borrower: Borrower; request: InputOf<typeof loanKeyFacts>; now: Date; lang: Lang },
): Promise<AnswerOf<typeof loanKeyFacts>> {
  const { request, lang } = input;
  const today = jakartaDate(input.now);
  const product = await findProduct(db, request.productId, today);
  if (!product) throw notFound();
  checkOffer(product, request.amount, request.periods, lang);
  return offerKeyFacts(db, {
    product,
    amount: request.amount,
    termDays: request.periods,
    isRepeatClient: input.borrower.isRepeatClient,
    today,
    lang,
  });
}

/** `1:abc…,2:def…` → pairs; anything malformed is a bad field. */
function parseAgreements(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,9}):([0-9a-f]{64})$/.exec(part);
    if (!m) throw badRequest('fieldInvalid', { field: 'agreements' });
    out.set(m[1]!, m[2]!);
  }
  return out;
}

/** The product's offer: default amount and term, the plan computed from today, the popup agreement. */
export async function confirmPageOf(
  db: Db,
  input: { productId: number; stepUp: boolean; now: Date; lang: Lang },
): Promise<AnswerOf<typeof loanDetailConfirm>> {
  const { lang } = input;
  const today = jakartaDate(input.now);
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
    termUnit: 'day',
    ...offerRows(product, offer, lang),
    repay_plans: repayPlansOf(offer.plan, lang),
    firstPayTime: first.dueDate,
    firstPeriodDay: first.days,
    pRateDsc: t(lang, 'rateDescription', { rate: formatRateBp(product.dailyRateBp, lang) }),
    // 1 only with CONFIRM_STEP_UP=1: otherwise the session is the borrower's proof.
    sendSms: input.stepUp ? 1 : 0,
    isPopType: popup ? 1 : 0,
    popContent: popup ? t(lang, 'popupContent') : '',
    popTitle: popup ? popup.title[lang] : '',
    popAgreementUrl: popup ? contractViewUrl(popup.id, product.id, null, lang) : '',
    note: t(lang, 'confirmNote'),
    sp_rate: formatRateBp(product.dailyRateBp, lang),
    agreements: agreements.map((a) => ({ id: a.contract.id, title: a.contract.title[lang], version: a.doc.version, sha256: a.doc.sha256 })),
    smsResendSeconds: RESEND_SECONDS,
  };
}

/**
 * Step-up (CONFIRM_STEP_UP=1): a 6-digit code to the borrower's own phone, one per 60 s, 10 a day. Without
 * step-up configured it answers NOT_FOUND like any unknown path.
 */
export async function sendConfirmCode(
  deps: { db: Db; sms: SmsProvider; stepUp: boolean },
  input: { borrower: Borrower; request: InputOf<typeof loanConfirmSendSms>; now: Date; lang: Lang },
): Promise<WithMessage<AnswerOf<typeof loanConfirmSendSms>>> {
  const { db } = deps;
  const { borrower, now } = input;
  if (!deps.stepUp) throw notFound();
  const product = await findProduct(db, input.request.productId, jakartaDate(now));
  if (!product) throw notFound();
  const resend = await hitRateLimit(db, { key: `confirm-sms:resend:${borrower.id}`, limit: 1, windowMs: RESEND_SECONDS * 1000 }, now);
  if (!resend.allowed) throw rateLimited('smsResendTooSoon', resend.retryAfterSeconds);
  const daily = await hitRateLimit(db, { key: `confirm-sms:day:${borrower.id}`, limit: CONFIRM_CODES_PER_DAY, windowMs: DAY_MS }, now);
  if (!daily.allowed) throw rateLimited('smsDailyLimit', daily.retryAfterSeconds);
  const code = await issueConfirmCode(db, borrower.id, product.id, now);
  // The outbox's purpose column is free text; 'confirm' keeps these apart from login codes.
  await deps.sms.send({ phone: borrower.phone, purpose: 'confirm' as 'login', body: t(input.lang, 'confirmSmsText', { code }) });
  const phoneMasked = maskPhone(borrower.phone);
  return { message: 'confirmSmsSent', vars: { phone: phoneMasked }, data: { sent: true, resendAfter: RESEND_SECONDS, phoneMasked } };
}

/** Who confirmed from where, as the consent record keeps it. */
export interface ConfirmClient {
  deviceId: string | null;
  ip: string;
  appVersion: string | null;
  userAgent: string | null;
}

/**
 * Confirms: checks amount and term against the product (term within spec 9's 91-365 days), the agreements the
 * page showed (when it says) and the step-up code (when configured); creates the order in status 21 with its
 * instalment plan from today, or answers the order already under review for this borrower and product
 * (idempotent: a double tap makes one order), in the same transaction as the key facts kept and the consent
 * record (one per offer: a repeat of the same offer adds none; another language or offer is recorded, marked
 * repeated). More than 20 confirmations in 10 minutes: RATE_LIMITED.
 */
export async function confirmLoan(
  db: Db,
  input: { borrower: Borrower; request: InputOf<typeof loanDetailPush>; stepUp: boolean; client: ConfirmClient; now: Date; lang: Lang },
): Promise<AnswerOf<typeof loanDetailPush>> {
  const { borrower, request, stepUp, now, lang } = input;
  const today = jakartaDate(now);
  const product = await findProduct(db, request.productId, today);
  if (!product) throw notFound();
  if (product.buttonStatus === 0) throw unavailableError('disabled');
  checkOffer(product, request.amount, request.periods, lang);

  const agreements = await agreementsShown(db, product.id, lang);
  if (request.agreements !== undefined && request.agreements.trim() !== '') {
    // The page says what it showed: confirming terms that changed meanwhile would be consent to unread text.
    const shown = parseAgreements(request.agreements);
    const same = shown.size === agreements.length && agreements.every((a) => shown.get(a.doc.id) === a.doc.sha256);
    if (!same) throw new ApiError(ErrorCode.conflict, 'agreementChanged');
  }

  // The statement the borrower opened must be the one of this offer today: the figures they agree to.
  const kfs = await offerKeyFacts(db, {
    product,
    amount: request.amount,
    termDays: request.periods,
    isRepeatClient: borrower.isRepeatClient,
    today,
    lang,
  });
  if (!request.keyFacts) throw badRequest('kfsNotOpened');
  if (request.keyFacts !== kfs.sha256) throw new ApiError(ErrorCode.conflict, 'kfsChanged');

  // Checked before the step-up code, so a changed statement does not use up the borrower's code.
  if (stepUp) {
    const code = (request.smsCode ?? '').trim();
    if (code === '') throw badRequest('confirmSmsRequired');
    const check = await db.transaction((tx) => checkConfirmCode(tx, { borrowerId: borrower.id, productId: product.id, code, now }));
    if (check === 'none') throw badRequest('smsCodeNotRequested');
    if (check === 'used') throw badRequest('smsCodeUsed');
    if (check === 'expired') throw badRequest('smsCodeExpired');
    if (check === 'locked') throw new ApiError(ErrorCode.rateLimited, 'smsCodeTooManyTries');
    if (check !== 'ok') throw badRequest(check.wrong === 1 ? 'smsCodeWrongOne' : 'smsCodeWrong', { remaining: check.wrong });
  }

  // Beyond double taps and retries: a flood of confirmations is refused before it touches the orders.
  const flood = await hitRateLimit(db, { key: `confirm:${borrower.id}`, limit: CONFIRMS_PER_WINDOW, windowMs: CONFIRM_WINDOW_MS }, now);
  if (!flood.allowed) throw rateLimited('tooManyRequests', flood.retryAfterSeconds);

  const plan = repaymentPlan({ principal: request.amount, termDays: request.periods, dailyRateBp: product.dailyRateBp, startDate: today });
  const documents: AcceptedDocument[] = [
    ...agreements.map((a) => a.doc),
    { kind: KFS_DOCUMENT_KIND, id: KFS_DOCUMENT_KIND, version: kfs.version, sha256: kfs.sha256 },
  ];
  const consent = {
    borrowerId: borrower.id,
    productId: product.id,
    amount: plan.principal,
    termDays: request.periods,
    documents,
    lang,
    ...input.client,
    verifiedBy: stepUp ? ('sms' as const) : ('session' as const),
    now,
  };
  // The order, its key facts and the consent in one transaction (issue 34 item 3): a confirmation without its
  // evidence cannot exist. A repeat of the same offer on the order under review records nothing new.
  const { orderNo } = await createOrderUnderReview(db, {
    borrowerId: borrower.id,
    productId: product.id,
    principal: plan.principal,
    interest: plan.interest,
    processingFee: kfs.processingFee,
    termDays: request.periods,
    dailyRateBp: product.dailyRateBp,
    businessDay: today,
    now,
    instalments: plan.instalments,
    evidence: async (tx, order) => {
      await saveKeyFacts(tx, kfs);
      if (!order.created && (await hasSameConsent(tx, { ...consent, orderNo: order.orderNo }))) return;
      await recordConsent(tx, { ...consent, orderNo: order.orderNo, repeated: !order.created });
    },
  });
  const q = new URLSearchParams({ productId: String(product.id), orderId: orderNo });
  return { orderId: orderNo, lendDetailsUrl: `/loanDetails?${q.toString()}` };
}
