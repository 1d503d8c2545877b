import type { FastifyInstance } from 'fastify';
import {
  PERIOD_STATUS,
  delayDetail,
  generateVcode,
  initPayType,
  loanPlayDetail,
  paymentState,
  type DetailRow,
  type InstalmentItem,
  type VaDetail,
} from '@lendview/contracts';
import type { z } from 'zod';
import { formatMoney } from '../../i18n/format.ts';
import { t, type Lang, type MessageKey } from '../../i18n/messages.ts';
import { jakartaDate } from '../../lib/dates.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { withRetriedTransaction } from '../../lib/transaction-retry.ts';
import { badRequest, paymentRefused } from '../../lib/errors.ts';
import { listInstalments, requireOwnOrder } from '../../repositories/orders.ts';
import {
  findReusableCode,
  insertPayment,
  lastCodeMethod,
  livePayments,
  newPaymentReference,
  updateSpecificNum,
  vcodeTaken,
  type Payment,
} from '../../repositories/payments.ts';
import { findProduct } from '../../repositories/products.ts';
import { getLateChargeCapPercent, getSupportContact } from '../../repositories/settings.ts';
import { assertNotEarlyRepayment } from '../../services/early-repayment.ts';
import { REPAYING_STATUSES, SETTLED_STATUSES, extensionComparison, lateChargeCapRows, outstandingOf } from '../../services/loans.ts';
import { BANKS, MARKETS, bankOptions, bankSteps, findBank, findMarket, marketSteps, type Bank } from '../../services/payment-methods.ts';
import { ALL_METHODS, CODE_TTL_MS, REUSE_MIN_VALID_MS, dueFor, receiptsOf, replacePendingCodes } from '../../services/repayment.ts';

/**
 * Virtual-account / mini-market repayment (spec 2.5, 3, 4.6, 4.7, 7.6): the method lists, payment codes,
 * the extension detail and the instalment plan. docs/repayment.md.
 */

type GenerateInput = z.output<(typeof generateVcode)['request']>;

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
async function methodOf(db: FastifyInstance['db'], borrowerId: number, input: GenerateInput): Promise<Method> {
  if (input.is_default === 1) {
    const last = await lastCodeMethod(db, borrowerId);
    if (last?.payType === 1) {
      const bank = findBank(last.channel);
      if (bank) return bankMethod(bank, bank.channels.some((c) => c.specificNum === last.specificNum) ? last.specificNum : bank.channels[0]!.specificNum);
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

function vaDetailOf(p: Payment, m: Method, lang: Lang, telephone: string): VaDetail {
  const amount = formatMoney(p.amount, lang);
  return {
    amount: p.amount,
    vcode: p.vcode ?? '',
    cardNo: p.reference,
    payType: m.payType,
    payCode: m.channel,
    payStep: m.bank ? bankSteps(m.bank, m.specificNum, p.vcode ?? '', amount, lang) : marketSteps(m.marketName ?? m.channel, p.vcode ?? '', amount, lang),
    specificNum: m.specificNum,
    telephone,
    expiresAt: p.expiresAt.toISOString(),
    repayType: p.repayType,
    state: p.state === 'paid' ? 'paid' : p.state === 'pending' ? 'pending' : 'expired',
  };
}

const row = (lang: Lang, key: MessageKey, value: string): DetailRow => ({ text: t(lang, key), value });

/** The method a stored code was issued with (payment-state shows the live code again). */
function methodOfPayment(p: Payment): Method {
  if (p.payType === 1) return { payType: 1, channel: p.channel, specificNum: p.specificNum, bank: findBank(p.channel) ?? null, marketName: null };
  return { payType: 2, channel: p.channel, specificNum: '', bank: null, marketName: findMarket(p.channel)?.name ?? p.channel };
}

const periodsOf = (p: Payment): number[] =>
  p.repayType === 'installment' && p.periodFrom !== null && p.periods !== null ? Array.from({ length: p.periods }, (_, i) => p.periodFrom! + i) : [];

export default async function repaymentRoutes(app: FastifyInstance) {
  /** Spec 7.6 init-pay-type: banks with their channels (pay_type 1) or markets, ALFAMART first (pay_type 2). */
  registerEndpoint(app, initPayType, {
    auth: true,
    fieldMessages: { pay_type: 'payMethodIncomplete' },
    handler: async ({ input, db, borrower }) => {
      const order = await requireOwnOrder(db, borrower.id, input.orderId, input.productId);
      if (!REPAYING_STATUSES.has(order.status)) throw paymentRefused('nothingToRepay');
      return input.pay_type === 1 ? { banks: bankOptions(), markets: [] } : { banks: [], markets: MARKETS.map((m) => m.code) };
    },
  });

  /**
   * Spec 7.6 generate-vcode: a virtual account or mini-market code for exactly what the order asks now for the
   * repayType. The amount sent must be that amount (else PAYMENT_REFUSED naming it). A pending code of the same
   * order, repayType, periods, amount and method with an hour or more left is answered again instead of a new
   * one; a new code cancels the order's other pending codes. In one transaction with the order row locked, so a
   * double tap gets one code.
   */
  registerEndpoint(app, generateVcode, {
    auth: true,
    fieldMessages: { pay_type: 'payMethodIncomplete' },
    successMessage: 'vcodeIssued',
    handler: async ({ input, db, borrower, now, lang }) => {
      const today = jakartaDate(now);
      const method = await methodOf(db, borrower.id, input);
      const capPercent = await getLateChargeCapPercent(db);
      const telephone = (await getSupportContact(db))?.phone ?? '';
      const kind = method.payType === 1 ? 'va' : 'market';
      // Lock order of every money path: the order row first (docs/repayment.md "Locks and retries").
      const payment = await withRetriedTransaction(db, async (tx) => {
        const order = await requireOwnOrder(tx, borrower.id, input.orderId, input.productId, { forUpdate: true });
        const due = await dueFor(tx, order, {
          repayType: input.repayType,
          periods: input.periods,
          isRepeatClient: borrower.isRepeatClient,
          today,
          capPercent,
        });
        await assertNotEarlyRepayment(tx, order, due, today);
        if (input.amount !== due.amount) throw paymentRefused('amountMismatch', { expected: formatMoney(due.amount, lang) });
        const reusable = await findReusableCode(tx, {
          orderNo: order.orderNo,
          repayType: due.repayType,
          periodFrom: due.periodFrom,
          periods: due.periods,
          amount: due.amount,
          method: kind,
          channel: method.channel,
          validUntil: new Date(now.getTime() + REUSE_MIN_VALID_MS),
        });
        if (reusable) {
          if (reusable.specificNum !== method.specificNum) await updateSpecificNum(tx, reusable.id, method.specificNum);
          return { ...reusable, specificNum: method.specificNum };
        }
        // One live code per order: the old ones are expired at the provider first, then cancelled here.
        await replacePendingCodes(tx, app.payments, order.orderNo, ['va', 'market'], now);
        const reference = newPaymentReference(today);
        let issued: { vcode: string; expiresAt: Date } | null = null;
        for (let attempt = 0; attempt < 5 && !issued; attempt++) {
          const candidate = await app.payments.issue({
            kind: method.payType === 1 ? 'bank' : 'market',
            channel: method.channel,
            amount: due.amount,
            reference,
            expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          });
          if (!(await vcodeTaken(tx, candidate.vcode))) issued = candidate;
        }
        if (!issued) throw new Error('the payment provider gave no unused code in 5 tries');
        return insertPayment(tx, {
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
        });
      });
      return vaDetailOf(payment, method, lang, telephone);
    },
  });

  /**
   * Live payment state (issue 11): the order's status, its live code if any, and every payment received
   * (receipts, newest first). Read-only and cheap: the pages poll it every 2-3 s while a code is pending.
   */
  registerEndpoint(app, paymentState, {
    auth: true,
    handler: async ({ input, db, borrower, now, lang }) => {
      const order = await requireOwnOrder(db, borrower.id, input.orderId, input.productId);
      const live = REPAYING_STATUSES.has(order.status) ? (await livePayments(db, order.orderNo, ['va', 'market'], now))[0] : undefined;
      const telephone = live ? ((await getSupportContact(db))?.phone ?? '') : '';
      const receipts = await receiptsOf(db, order.orderNo, lang);
      return {
        orderStatus: order.status,
        settled: SETTLED_STATUSES.has(order.status),
        pending: live ? { ...vaDetailOf(live, methodOfPayment(live), lang, telephone), periods: periodsOf(live) } : null,
        receipts,
        lastPaidAt: receipts[0]?.paidAt ?? null,
      };
    },
  });

  /**
   * Spec 3 "Extension detail": only for orders with isDelay '1'. What the extension costs now (the order's fee
   * plus the late charges owed today, which it settles), the due date it gives, and rows; rows whose value
   * would be empty or 0 are left out.
   */
  registerEndpoint(app, delayDetail, {
    auth: true,
    handler: async ({ input, db, borrower, now, lang }) => {
      const today = jakartaDate(now);
      const order = await requireOwnOrder(db, borrower.id, input.orderId, input.productId);
      if (!order.isDelay) throw paymentRefused('delayNotAllowed');
      const capPercent = await getLateChargeCapPercent(db);
      const due = await dueFor(db, order, { repayType: 'delay', isRepeatClient: borrower.isRepeatClient, today, capPercent });
      const product = await findProduct(db, order.productId, today, { includeInactive: true });
      if (!product) throw new Error(`order ${order.orderNo} refers to missing product ${order.productId}`);
      const money = (n: number) => formatMoney(n, lang);
      const candidates: [MessageKey, string | number][] = [
        ['rowExtensionFee', due.extensionFee],
        ['rowLatePenalty', due.latePenalty],
        ['rowLateInterest', due.lateInterest],
        ['rowExtensionDays', order.extensionDays ?? 0],
        ['rowCurrentDueDate', order.dueDate ?? ''],
        ['rowNewDueDate', due.newDueDate ?? ''],
        ['rowLoanAmount', order.principal],
        ['rowUnpaidAfterExtension', due.owing.unpaid],
        ['rowExtensionsTaken', order.extensionCount],
      ];
      const detail: DetailRow[] = [];
      for (const [key, value] of candidates) {
        if (value === '' || value === 0) continue;
        if (key === 'rowExtensionDays') detail.push(row(lang, key, t(lang, 'days', { days: value })));
        else if (key === 'rowExtensionsTaken' || typeof value === 'string') detail.push(row(lang, key, String(value)));
        else detail.push(row(lang, key, money(value)));
      }
      detail.push(...lateChargeCapRows(order, due.latePenalty + due.lateInterest, capPercent, lang));
      return {
        productName: product.name,
        productLogo: product.logoUrl,
        delayShouldPayAmount: due.amount,
        delayExpiryTime: due.newDueDate ?? '',
        delayDays: order.extensionDays ?? 0,
        orderDetail: { detail },
        telephone: (await getSupportContact(db))?.phone ?? '',
        comparison: extensionComparison(order, due, borrower.isRepeatClient, capPercent),
        lateChargeCapPercent: capPercent,
      };
    },
  });

  /**
   * Spec 3 "Instalment plan" / 4.7: unpaid instalments in order (canClick 1 on the first only, while the loan is
   * repaying and not late) and paid ones; periodStatus of PERIOD_STATUS, 500 while a live payment code covers it.
   */
  registerEndpoint(app, loanPlayDetail, {
    auth: true,
    handler: async ({ input, db, borrower, now, lang }) => {
      const today = jakartaDate(now);
      const order = await requireOwnOrder(db, borrower.id, input.orderId, input.productId);
      const instalments = order.instalmentCount > 1 ? await listInstalments(db, order.orderNo) : [];
      if (instalments.length === 0) throw paymentRefused('notInstalmentOrder');
      const product = await findProduct(db, order.productId, today, { includeInactive: true });
      if (!product) throw new Error(`order ${order.orderNo} refers to missing product ${order.productId}`);
      const repaying = REPAYING_STATUSES.has(order.status);
      const late = repaying && outstandingOf(order, borrower.isRepeatClient, today, await getLateChargeCapPercent(db)).late.daysOverdue > 0;
      const unpaid = instalments.filter((i) => i.status === 'unpaid');
      const paid = instalments.filter((i) => i.status === 'paid');
      // Instalments a live payment covers: a full repayment covers all unpaid ones.
      const covered = new Set<number>();
      for (const p of repaying ? await livePayments(db, order.orderNo, ALL_METHODS, now) : []) {
        if (p.repayType === 'full') unpaid.forEach((i) => covered.add(i.periodNo));
        if (p.repayType === 'installment' && p.periodFrom !== null && p.periods !== null) {
          for (let n = p.periodFrom; n < p.periodFrom + p.periods; n++) covered.add(n);
        }
      }
      const money = (n: number) => formatMoney(n, lang);
      const wait: InstalmentItem[] = unpaid.map((i, index) => {
        const periodStatus = covered.has(i.periodNo) ? PERIOD_STATUS.confirming : i.dueDate < today ? PERIOD_STATUS.pastDue : PERIOD_STATUS.upcoming;
        const repayDes =
          periodStatus === PERIOD_STATUS.confirming
            ? t(lang, 'periodConfirming')
            : periodStatus === PERIOD_STATUS.pastDue
              ? t(lang, 'periodPastDue', { date: i.dueDate })
              : t(lang, 'instalmentDescription', { principal: money(i.principal), interest: money(i.interest) });
        return {
          periodNo: i.periodNo,
          totalAmount: i.amount,
          canClick: index === 0 && repaying && !late ? 1 : 0,
          periodStatus,
          repayDes,
          dueTime: i.dueDate,
        };
      });
      const yet: InstalmentItem[] = paid.map((i) => ({
        periodNo: i.periodNo,
        totalAmount: i.amount,
        canClick: 0,
        periodStatus: PERIOD_STATUS.paid,
        repayDes: t(lang, 'periodPaid', { date: i.paidAt ? jakartaDate(i.paidAt) : i.dueDate }),
        dueTime: i.dueDate,
      }));
      const note: MessageKey = unpaid.length === 0 ? 'planNoteSettled' : late ? 'planNoteOverdue' : 'planNote';
      return {
        productName: product.name,
        repayWaitCount: unpaid.length,
        note: t(lang, note),
        repayPlanDetail: { repayWaitDetail: wait, repayYetDetail: yet },
      };
    },
  });
}
