import {
  ErrorCode,
  LEGACY_CODE,
  type repaymentCommit,
  type repaymentConfirm,
  type repaymentHuichao,
  type repaymentWay,
} from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { formatMoney } from '../i18n/format.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { codeHash, newNumericCode, newSalt, sameHex } from '../lib/crypto.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf, InputOf, WithMessage } from '../lib/endpoint.ts';
import { ApiError, badRequest, notFound, paymentRefused, rateLimited } from '../lib/errors.ts';
import { withRetriedTransaction } from '../lib/transaction-retry.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { findOwnCard, listOwnCards, markIssuerVerified } from '../repositories/bank-cards.ts';
import { requireOwnOrder } from '../repositories/orders.ts';
import {
  countOtpAttempt,
  findOwnPayment,
  hasPaidPayment,
  insertPayment,
  livePayments,
  newPaymentReference,
  replaceOtp,
  type Payment,
} from '../repositories/payments.ts';
import { hitRateLimit } from '../repositories/rate-limits.ts';
import type { Borrower } from '../repositories/sessions.ts';
import { getLateChargeCapPercent } from '../repositories/settings.ts';
import { toBankCard } from './card-binding.ts';
import { assertNotEarlyRepayment } from './early-repayment.ts';
import { REPAYING_STATUSES } from './loans.ts';
import { type CardFlow, findBank } from './payment-methods.ts';
import {
  CARD_TTL_MS,
  HOSTED_TTL_MS,
  REPAY_OTP_MAX_ATTEMPTS,
  REPAY_OTP_TTL_MS,
  applyCardCharge,
  dueFor,
  replacePendingCodes,
} from './repayment.ts';

/**
 * The legacy bank-card repayment (spec 3 "Legacy repay store", 4.3, 7.3, 8; docs/repayment.md): always the whole
 * amount owed now (repayType full). Every money path takes the order row first, in a retried transaction.
 */

/**
 * How this charge runs (issue 34 item 4). A bank that charges at once ('direct') does so only for a card whose
 * issuer already checked a charge of ours; a card's first charge goes through the issuer's step first. The sandbox
 * models that step as the SMS code of an 'otp' bank (needValid 1, then repayment-confirm); a real provider runs the
 * issuer's 3-D Secure or OTP step for the first charge (docs/repayment.md "The issuer's check on a first charge").
 * 'otp' banks ask a code on every charge and 'redirect' banks send every charge through their page already.
 */
export function cardFlowOf(bankFlow: CardFlow, issuerVerifiedAt: Date | null): CardFlow {
  return bankFlow === 'direct' && issuerVerifiedAt === null ? 'otp' : bankFlow;
}

/** Spec 8: 800005 'do not submit repay request twice'. */
const duplicate = () => new ApiError(LEGACY_CODE.duplicate, 'repayDuplicate', undefined, { status: 409 });
/** Spec 8: 800006 'verification code wrong'. */
const wrongCode = () => new ApiError(LEGACY_CODE.wrongCode, 'repayCodeWrong', undefined, { status: 400 });

/** The 60 s rule of spec 4.4 / 9 for repayment codes, per phone, in the shared rate_limits table. */
const RESEND_SECONDS = 60;

const newOtp = (now: Date) => {
  const code = newNumericCode(6);
  const salt = newSalt();
  return { code, otp: { salt, hash: codeHash(salt, code), expiresAt: new Date(now.getTime() + REPAY_OTP_TTL_MS) } };
};

const langParam = (lang: Lang) => ({ isNeedPop: lang === 'en' ? '1' : '0' });

interface Call<Req> {
  borrower: Borrower;
  request: Req;
  now: Date;
  lang: Lang;
}

/** The borrower's bound cards (masked) and the amount the order asks now. */
export async function cardRepaymentOptions(
  db: Db,
  input: Omit<Call<InputOf<typeof repaymentWay>>, 'lang'>,
): Promise<AnswerOf<typeof repaymentWay>> {
  const { borrower, now } = input;
  const order = await requireOwnOrder(db, borrower.id, input.request.orderId);
  const due = await dueFor(db, order, {
    repayType: 'full',
    isRepeatClient: borrower.isRepeatClient,
    today: jakartaDate(now),
    capPercent: await getLateChargeCapPercent(db),
  });
  return { cards: (await listOwnCards(db, borrower.id)).map(toBankCard), amount: due.amount };
}

/**
 * Commit (spec 4.3, sendMsg 0): one repayment record per order at a time. By the card's bank (payment-methods.ts):
 * `otp` → a 6-digit SMS code is sent, needValid 1, confirm with repayment-confirm; `direct` → charged at once
 * through the provider, needValid 0; `redirect` → url of the provider's hosted page. A commit while a record of
 * the order is pending, or after the order was repaid by card, → 800005 and nothing is charged.
 * sendMsg 1 sends a new code for the pending record (60 s apart).
 */
export async function commitCardRepayment(
  deps: { db: Db; payments: PaymentProvider; sms: SmsProvider },
  input: Call<InputOf<typeof repaymentCommit>>,
): Promise<WithMessage<AnswerOf<typeof repaymentCommit>>> {
  const { db, payments } = deps;
  const { borrower, request, now, lang } = input;
  const today = jakartaDate(now);
  const capPercent = await getLateChargeCapPercent(db);
  const rateRule = { key: `sms:repay:phone:${borrower.phone}`, limit: 1, windowMs: RESEND_SECONDS * 1000 };
  // Made before the transaction: a retried transaction charges the same bill number, which the provider
  // answers with the first charge (idempotency key), so a retry never charges twice.
  const reference = newPaymentReference(today);
  // The order row first (the lock order of every money path), retried on deadlock / serialization failure.
  const outcome = await withRetriedTransaction(
    db,
    async (tx): Promise<{ kind: 'otp'; payment: Payment; code: string } | { kind: 'redirect' | 'paid'; payment: Payment }> => {
      const order = await requireOwnOrder(tx, borrower.id, request.orderId, undefined, { forUpdate: true });
      const [pending] = await livePayments(tx, order.orderNo, ['card'], now);
      if (request.sendMsg === 1) {
        if (!pending?.otpRequired) throw paymentRefused('noRepaymentWaiting');
        const verdict = await hitRateLimit(tx, rateRule, now);
        if (!verdict.allowed) throw rateLimited('smsResendTooSoon', verdict.retryAfterSeconds);
        const { code, otp } = newOtp(now);
        await replaceOtp(tx, pending.id, otp);
        return { kind: 'otp', payment: pending, code };
      }
      if (pending) throw duplicate();
      if (!REPAYING_STATUSES.has(order.status)) {
        if (await hasPaidPayment(tx, order.orderNo, ['card', 'hosted'])) throw duplicate();
        throw paymentRefused('nothingToRepay');
      }
      const card = await findOwnCard(tx, borrower.id, request.cardId);
      if (!card) throw notFound();
      const bank = findBank(card.bankCode);
      if (!bank) throw badRequest('fieldInvalid', { field: 'cardId' });
      const due = await dueFor(tx, order, { repayType: 'full', isRepeatClient: borrower.isRepeatClient, today, capPercent });
      await assertNotEarlyRepayment(tx, order, due, today);
      if (request.amount !== due.amount) throw paymentRefused('amountMismatch', { expected: formatMoney(due.amount, lang) });
      let code: string | null = null;
      let otp: { salt: string; hash: string; expiresAt: Date } | null = null;
      const flow = cardFlowOf(bank.cardFlow, card.issuerVerifiedAt);
      if (flow === 'otp') {
        const verdict = await hitRateLimit(tx, rateRule, now);
        if (!verdict.allowed) throw rateLimited('smsResendTooSoon', verdict.retryAfterSeconds);
        ({ code, otp } = newOtp(now));
      }
      const payment = await insertPayment(tx, {
        reference,
        borrowerId: borrower.id,
        orderNo: order.orderNo,
        repayType: 'full',
        periodFrom: null,
        periods: null,
        amount: due.amount,
        loanPart: due.loanPart,
        latePenalty: due.latePenalty,
        lateInterest: due.lateInterest,
        extensionFee: 0,
        method: 'card',
        payType: null,
        channel: card.bankCode,
        specificNum: '',
        vcode: null,
        cardId: card.id,
        otp,
        createdAt: now,
        expiresAt: new Date(now.getTime() + (flow === 'redirect' ? HOSTED_TTL_MS : CARD_TTL_MS)),
      });
      if (code !== null) return { kind: 'otp', payment, code };
      if (flow === 'redirect') return { kind: 'redirect', payment };
      const { chargeId } = await payments.chargeCard({ token: card.providerToken, amount: payment.amount, reference: payment.reference });
      await applyCardCharge(tx, payments, payment, chargeId, now);
      return { kind: 'paid', payment };
    },
  );
  if (outcome.kind === 'otp') {
    // After the commit: the SMS provider writes with its own connection.
    await deps.sms.send({
      phone: borrower.phone,
      purpose: 'repay',
      body: t(lang, 'repaySmsText', { code: outcome.code, amount: formatMoney(outcome.payment.amount, lang) }),
    });
    return { message: 'repayCodeSent', data: { repayRecordId: outcome.payment.id, needValid: 1, url: '' } };
  }
  if (outcome.kind === 'redirect') {
    const url = payments.hostedPageUrl(outcome.payment.reference, langParam(lang));
    return { message: 'repayRedirect', data: { repayRecordId: outcome.payment.id, needValid: 0, url } };
  }
  return { message: 'repayPaid', data: { repayRecordId: outcome.payment.id, needValid: 0, url: '' } };
}

/**
 * Confirm with the SMS code: wrong → 800006 (the try is counted; 5 wrong tries end the code); right → the card
 * is charged and the order settled; a record already paid → 800005.
 */
export async function confirmCardRepayment(
  deps: { db: Db; payments: PaymentProvider },
  input: Omit<Call<InputOf<typeof repaymentConfirm>>, 'lang'>,
): Promise<AnswerOf<typeof repaymentConfirm>> {
  const { payments } = deps;
  const { borrower, request, now } = input;
  const outcome = await withRetriedTransaction(deps.db, async (tx): Promise<'paid' | 'wrong'> => {
    const order = await requireOwnOrder(tx, borrower.id, request.orderId, undefined, { forUpdate: true });
    const payment = await findOwnPayment(tx, { id: request.repaymentRecordId, borrowerId: borrower.id, orderNo: order.orderNo });
    if (!payment || payment.method !== 'card') throw notFound();
    if (payment.state === 'paid') throw duplicate();
    if (payment.state !== 'pending' || payment.expiresAt.getTime() <= now.getTime()) throw paymentRefused('repaymentExpired');
    if (!payment.otpRequired || !payment.otpSalt || !payment.otpHash) throw paymentRefused('noCodeNeeded');
    if (payment.otpAttempts >= REPAY_OTP_MAX_ATTEMPTS) throw new ApiError(ErrorCode.rateLimited, 'smsCodeTooManyTries');
    if (!payment.otpExpiresAt || payment.otpExpiresAt.getTime() <= now.getTime()) throw badRequest('smsCodeExpired');
    if (!sameHex(codeHash(payment.otpSalt, request.verifyCode), payment.otpHash)) {
      await countOtpAttempt(tx, payment.id);
      return 'wrong';
    }
    const card = payment.cardId === null ? null : await findOwnCard(tx, borrower.id, payment.cardId);
    if (!card) throw paymentRefused('paymentNotPayable');
    const { chargeId } = await payments.chargeCard({ token: card.providerToken, amount: payment.amount, reference: payment.reference });
    await applyCardCharge(tx, payments, payment, chargeId, now);
    // The code step is the issuer's check in the sandbox: this card's later charges need none on a 'direct' bank.
    await markIssuerVerified(tx, card.id, now);
    return 'paid';
  });
  // The wrong try is committed above; only then the 800006 answer.
  if (outcome === 'wrong') throw wrongCode();
  return { state: 'paid' };
}

/**
 * The redirect repayment (spec 4.3 "Alipay-style"): the url of the provider's hosted page for the whole amount
 * owed now. A pending hosted payment of the same amount is answered again; after the order was repaid → 800005.
 * userId is not trusted: the session says who pays.
 */
export async function hostedRepayment(
  deps: { db: Db; payments: PaymentProvider },
  input: Call<InputOf<typeof repaymentHuichao>>,
): Promise<AnswerOf<typeof repaymentHuichao>> {
  const { db, payments } = deps;
  const { borrower, request, now, lang } = input;
  const today = jakartaDate(now);
  const capPercent = await getLateChargeCapPercent(db);
  const payment = await withRetriedTransaction(db, async (tx) => {
    const order = await requireOwnOrder(tx, borrower.id, request.orderId, undefined, { forUpdate: true });
    if (!REPAYING_STATUSES.has(order.status)) {
      if (await hasPaidPayment(tx, order.orderNo, ['card', 'hosted'])) throw duplicate();
      throw paymentRefused('nothingToRepay');
    }
    const due = await dueFor(tx, order, { repayType: 'full', isRepeatClient: borrower.isRepeatClient, today, capPercent });
    await assertNotEarlyRepayment(tx, order, due, today);
    if (request.amount !== due.amount) throw paymentRefused('amountMismatch', { expected: formatMoney(due.amount, lang) });
    const same = (await livePayments(tx, order.orderNo, ['hosted'], now)).find((p) => p.amount === due.amount);
    if (same) return same;
    await replacePendingCodes(tx, payments, order.orderNo, ['hosted'], now);
    return insertPayment(tx, {
      reference: newPaymentReference(today),
      borrowerId: borrower.id,
      orderNo: order.orderNo,
      repayType: 'full',
      periodFrom: null,
      periods: null,
      amount: due.amount,
      loanPart: due.loanPart,
      latePenalty: due.latePenalty,
      lateInterest: due.lateInterest,
      extensionFee: 0,
      method: 'hosted',
      payType: null,
      channel: 'SANDBOX',
      specificNum: '',
      vcode: null,
      cardId: null,
      otp: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + HOSTED_TTL_MS),
    });
  });
  return { url: payments.hostedPageUrl(payment.reference, langParam(lang)) };
}
