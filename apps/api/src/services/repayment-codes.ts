import type { generateVcode, initPayType, paymentState, VaDetail } from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { formatMoney } from '../i18n/format.ts';
import type { Lang } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { badRequest, paymentRefused } from '../lib/errors.ts';
import { withRetriedTransaction } from '../lib/transaction-retry.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import { requireOwnOrder } from '../repositories/orders.ts';
import {
  findReusableCode,
  insertPayment,
  lastCodeMethod,
  livePayments,
  newPaymentReference,
  updateSpecificNum,
  vcodeTaken,
  type Payment,
} from '../repositories/payments.ts';
import type { Borrower } from '../repositories/sessions.ts';
import { getLateChargeCapPercent, getSupportContact } from '../repositories/settings.ts';
import { assertNotEarlyRepayment } from './early-repayment.ts';
import { REPAYING_STATUSES, SETTLED_STATUSES } from './loans.ts';
import { BANKS, MARKETS, bankOptions, bankSteps, findBank, findMarket, marketSteps, type Bank } from './payment-methods.ts';
import { CODE_TTL_MS, REUSE_MIN_VALID_MS, dueFor, receiptsOf, replacePendingCodes } from './repayment.ts';

/**
 * Virtual-account / mini-market codes (spec 2.5, 3, 4.6, 7.6; docs/repayment.md): the method lists, issuing a
 * code, and the live payment state the pages poll.
 */

type GenerateInput = InputOf<typeof generateVcode>;

interface Method {
  payType: 1 | 2;
  channel: string;
  specificNum: string;
  bank: Bank | null;
  marketName: string | null;
}

const bankMethod = (bank: Bank, specificNum: string): Method => ({ payType: 1, channel: bank.code, specificNum, bank, marketName: null });

/**
 * The method of a generate-vcode call. is_default 1 (a new repayment, spec 4.6): the borrower's last used
 * method, else the first bank and its first channel. is_default 0: the chosen pay_type and payCode, which must
 * be a known bank (with one of its channels, or its first) or market; else 'Silakan lengkapi informasinya'.
 */
async function methodOf(db: Db, borrowerId: number, input: GenerateInput): Promise<Method> {
  if (input.is_default === 1) {
    const last = await lastCodeMethod(db, borrowerId);
    if (last?.payType === 1) {
      const bank = findBank(last.channel);
      if (bank)
        return bankMethod(
          bank,
          bank.channels.some((c) => c.specificNum === last.specificNum) ? last.specificNum : bank.channels[0]!.specificNum,
        );
    } else if (last?.payType === 2) {
      const market = findMarket(last.channel);
      if (market) return { payType: 2, channel: market.code, specificNum: '', bank: null, marketName: market.name };
    }
    const first = BANKS[0]!;
    return bankMethod(first, first.channels[0]!.specificNum);
  }
  if (input.pay_type === 1) {
    const bank = findBank(input.payCode);
    if (!bank) throw badRequest('payMethodIncomplete');
    if (input.specific_num === '') return bankMethod(bank, bank.channels[0]!.specificNum);
    if (!bank.channels.some((c) => c.specificNum === input.specific_num)) throw badRequest('fieldInvalid', { field: 'specific_num' });
    return bankMethod(bank, input.specific_num);
  }
  if (input.pay_type === 2) {
    const market = findMarket(input.payCode);
    if (!market) throw badRequest('payMethodIncomplete');
    return { payType: 2, channel: market.code, specificNum: '', bank: null, marketName: market.name };
  }
  throw badRequest('payMethodIncomplete');
}

/**
 * The figures of a cooling-off exit code (issue 18 item 2), frozen with it: principal + interest for the days used
 * − what was paid = its amount. Undefined for every other repayType.
 */
function exitFiguresOf(p: Payment, principal: number): VaDetail['coolingOff'] {
  if (p.repayType !== 'cooling_off' || p.exitDays === null || p.exitInterest === null) return undefined;
  return { principal, interest: p.exitInterest, daysUsed: p.exitDays, paid: Math.max(0, principal + p.exitInterest - p.amount) };
}

function vaDetailOf(p: Payment, m: Method, lang: Lang, telephone: string, principal: number): VaDetail {
  const amount = formatMoney(p.amount, lang);
  const coolingOff = exitFiguresOf(p, principal);
  return {
    amount: p.amount,
    vcode: p.vcode ?? '',
    cardNo: p.reference,
    payType: m.payType,
    payCode: m.channel,
    payStep: m.bank
      ? bankSteps(m.bank, m.specificNum, p.vcode ?? '', amount, lang)
      : marketSteps(m.marketName ?? m.channel, p.vcode ?? '', amount, lang),
    specificNum: m.specificNum,
    telephone,
    expiresAt: p.expiresAt.toISOString(),
    repayType: p.repayType,
    state: p.state === 'paid' ? 'paid' : p.state === 'pending' ? 'pending' : 'expired',
    ...(coolingOff ? { coolingOff } : {}),
  };
}

/** The method a stored code was issued with (payment-state shows the live code again). */
function methodOfPayment(p: Payment): Method {
  if (p.payType === 1)
    return { payType: 1, channel: p.channel, specificNum: p.specificNum, bank: findBank(p.channel) ?? null, marketName: null };
  return { payType: 2, channel: p.channel, specificNum: '', bank: null, marketName: findMarket(p.channel)?.name ?? p.channel };
}

const periodsOf = (p: Payment): number[] =>
  p.repayType === 'installment' && p.periodFrom !== null && p.periods !== null
    ? Array.from({ length: p.periods }, (_, i) => p.periodFrom! + i)
    : [];

/** Spec 7.6 init-pay-type: banks with their channels (pay_type 1) or markets, ALFAMART first (pay_type 2). */
export async function payTypeOptions(db: Db, borrower: Borrower, input: InputOf<typeof initPayType>) {
  const order = await requireOwnOrder(db, borrower.id, input.orderId, input.productId);
  if (!REPAYING_STATUSES.has(order.status)) throw paymentRefused('nothingToRepay');
  return input.pay_type === 1 ? { banks: bankOptions(), markets: [] } : { banks: [], markets: MARKETS.map((m) => m.code) };
}

interface CodeRequest {
  borrower: Borrower;
  request: GenerateInput;
  now: Date;
  lang: Lang;
}

/**
 * What a generate-vcode request asks, checked against the order now (PAYMENT_REFUSED when it asks nothing, when it
 * is an early repayment, or when the amount sent is not the amount owed), and the pending code that would be
 * answered again for it: same order, repayType, periods, amount and method, an hour or more left. One function for
 * issuing (in the transaction, the order locked) and for the read of /that's server rendering, so both answer the
 * same code for the same request.
 */
async function requestedCode(db: Queryable, input: CodeRequest & { method: Method; capPercent: number | null; forUpdate: boolean }) {
  const { borrower, request, now, lang, method } = input;
  const today = jakartaDate(now);
  const order = await requireOwnOrder(db, borrower.id, request.orderId, request.productId, { forUpdate: input.forUpdate });
  const due = await dueFor(db, order, {
    repayType: request.repayType,
    periods: request.periods,
    isRepeatClient: borrower.isRepeatClient,
    today,
    capPercent: input.capPercent,
  });
  await assertNotEarlyRepayment(db, order, due, today);
  if (request.amount !== due.amount) throw paymentRefused('amountMismatch', { expected: formatMoney(due.amount, lang) });
  const reusable = await findReusableCode(db, {
    orderNo: order.orderNo,
    repayType: due.repayType,
    periodFrom: due.periodFrom,
    periods: due.periods,
    amount: due.amount,
    method: method.payType === 1 ? 'va' : 'market',
    channel: method.channel,
    validUntil: new Date(now.getTime() + REUSE_MIN_VALID_MS),
  });
  return { order, due, today, reusable };
}

/**
 * Spec 7.6 generate-vcode: a virtual account or mini-market code for exactly what the order asks now for the
 * repayType. The amount sent must be that amount (else PAYMENT_REFUSED naming it). A pending code of the same
 * order, repayType, periods, amount and method with an hour or more left is answered again instead of a new
 * one; a new code cancels the order's other pending codes. In one transaction with the order row locked, so a
 * double tap gets one code.
 */
export async function issueRepaymentCode(db: Db, payments: PaymentProvider, input: CodeRequest): Promise<VaDetail> {
  return (await answerCode(db, payments, input, { replace: true }))!;
}

/**
 * Issue 33: the code of /that's server rendering (vcode-for-page). The code on file when there is one (a read: no
 * transaction, no lock, the repeat load's path), else generate-vcode's own transaction and rules, which issues the
 * code, except that it never replaces another live code of the order: then null, and the borrower's browser asks
 * generate-vcode with the method saved on the phone (which the server does not know), as before. So a page GET
 * issues at most the one code a first visit shows, the same one the browser would get, and never cancels a code the
 * borrower may be paying. Concurrent first loads (and a load racing a tap) get one code: the order row is locked.
 */
export async function codeForPage(db: Db, payments: PaymentProvider, input: CodeRequest): Promise<VaDetail | null> {
  return (await codeOnFile(db, input)) ?? answerCode(db, payments, input, { replace: false });
}

/**
 * generate-vcode's transaction. `replace` false (the page's): null instead of a new code when the order has another
 * live code, which a new one would cancel.
 */
async function answerCode(db: Db, payments: PaymentProvider, input: CodeRequest, opts: { replace: boolean }): Promise<VaDetail | null> {
  const { borrower, now, lang } = input;
  const method = await methodOf(db, borrower.id, input.request);
  const capPercent = await getLateChargeCapPercent(db);
  const telephone = (await getSupportContact(db))?.phone ?? '';
  const kind = method.payType === 1 ? 'va' : 'market';
  // Lock order of every money path: the order row first (docs/repayment.md "Locks and retries").
  const answered = await withRetriedTransaction(db, async (tx) => {
    const { order, due, today, reusable } = await requestedCode(tx, { ...input, method, capPercent, forUpdate: true });
    const answer = (p: Payment) => ({ payment: p, principal: order.principal });
    if (reusable) {
      if (reusable.specificNum !== method.specificNum) await updateSpecificNum(tx, reusable.id, method.specificNum);
      return answer({ ...reusable, specificNum: method.specificNum });
    }
    if (!opts.replace && (await livePayments(tx, order.orderNo, ['va', 'market'], now)).length > 0) return null;
    // One live code per order: the old ones are expired at the provider first, then cancelled here.
    await replacePendingCodes(tx, payments, order.orderNo, ['va', 'market'], now);
    const reference = newPaymentReference(today);
    let issued: { vcode: string; expiresAt: Date } | null = null;
    for (let attempt = 0; attempt < 5 && !issued; attempt++) {
      const candidate = await payments.issue({
        kind: method.payType === 1 ? 'bank' : 'market',
        channel: method.channel,
        amount: due.amount,
        reference,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
      if (!(await vcodeTaken(tx, candidate.vcode))) issued = candidate;
    }
    if (!issued) throw new Error('the payment provider gave no unused code in 5 tries');
    const inserted = await insertPayment(tx, {
      reference,
      borrowerId: borrower.id,
      orderNo: order.orderNo,
      repayType: due.repayType,
      periodFrom: due.periodFrom,
      periods: due.periods,
      amount: due.amount,
      loanPart: due.loanPart,
      latePenalty: due.latePenalty,
      lateInterest: due.lateInterest,
      extensionFee: due.extensionFee,
      method: kind,
      payType: method.payType,
      channel: method.channel,
      specificNum: method.specificNum,
      vcode: issued.vcode,
      cardId: null,
      otp: null,
      createdAt: now,
      expiresAt: issued.expiresAt,
      exit: due.exitDays !== null && due.exitInterest !== null ? { days: due.exitDays, interest: due.exitInterest } : null,
    });
    return answer(inserted);
  });
  return answered && vaDetailOf(answered.payment, method, lang, telephone, answered.principal);
}

/**
 * The code generate-vcode would answer again for this request now, without issuing or changing anything; null when
 * it would issue a new one (none on file, or the one on file has another channel number: generate-vcode rewrites
 * it). Issue 14: /that's server rendering asked this (vcode-on-file, kept for a repayment version released before);
 * since issue 33 it is the first, read-only step of codeForPage (vcode-for-page). The same refusals
 * as generate-vcode (nothing to repay, early repayment, another amount, another borrower's order).
 */
export async function codeOnFile(db: Db, input: CodeRequest): Promise<VaDetail | null> {
  const { borrower, lang } = input;
  const method = await methodOf(db, borrower.id, input.request);
  const capPercent = await getLateChargeCapPercent(db);
  const { order, reusable } = await requestedCode(db, { ...input, method, capPercent, forUpdate: false });
  if (!reusable || reusable.specificNum !== method.specificNum) return null;
  const telephone = (await getSupportContact(db))?.phone ?? '';
  return vaDetailOf(reusable, method, lang, telephone, order.principal);
}

/**
 * Live payment state (issue 11): the order's status, its live code if any, and every payment received
 * (receipts, newest first). Read-only and cheap: the pages poll it every 2-3 s while a code is pending.
 */
export async function paymentStateOf(
  db: Db,
  input: { borrower: Borrower; orderId: string; productId: number; now: Date; lang: Lang },
): Promise<AnswerOf<typeof paymentState>> {
  const { borrower, now, lang } = input;
  const order = await requireOwnOrder(db, borrower.id, input.orderId, input.productId);
  const live = REPAYING_STATUSES.has(order.status) ? (await livePayments(db, order.orderNo, ['va', 'market'], now))[0] : undefined;
  const telephone = live ? ((await getSupportContact(db))?.phone ?? '') : '';
  const receipts = await receiptsOf(db, order.orderNo, lang);
  return {
    orderStatus: order.status,
    settled: SETTLED_STATUSES.has(order.status),
    pending: live ? { ...vaDetailOf(live, methodOfPayment(live), lang, telephone, order.principal), periods: periodsOf(live) } : null,
    receipts,
    lastPaidAt: receipts[0]?.paidAt ?? null,
  };
}
