import { PERIOD_STATUS, type delayDetail, type DetailRow, type InstalmentItem, type loanPlayDetail } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { formatMoney } from '../i18n/format.ts';
import { t, type Lang, type MessageKey } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf } from '../lib/endpoint.ts';
import { paymentRefused } from '../lib/errors.ts';
import { listInstalments, requireOwnOrder } from '../repositories/orders.ts';
import { earlyRepaymentVerdict, instalmentPayableFrom } from './early-repayment.ts';
import { livePayments } from '../repositories/payments.ts';
import { findProduct } from '../repositories/products.ts';
import type { Borrower } from '../repositories/sessions.ts';
import { getLateChargeCapPercent, getSupportContact } from '../repositories/settings.ts';
import { REPAYING_STATUSES, extensionComparison, lateChargeCapRows, outstandingOf } from './loans.ts';
import { ALL_METHODS, dueFor } from './repayment.ts';

/** The extension detail and the instalment plan pages (spec 3, 4.7; docs/repayment.md). Read only. */

interface OrderQuery {
  borrower: Borrower;
  orderId: string;
  productId: number;
  now: Date;
  lang: Lang;
}

const row = (lang: Lang, key: MessageKey, value: string): DetailRow => ({ text: t(lang, key), value });

/**
 * Spec 3 "Extension detail": only for orders with isDelay '1'. What the extension costs now (the order's fee
 * plus the late charges owed today, which it settles), the due date it gives, and rows; rows whose value
 * would be empty or 0 are left out.
 */
export async function extensionDetailOf(db: Db, q: OrderQuery): Promise<AnswerOf<typeof delayDetail>> {
  const { borrower, lang } = q;
  const today = jakartaDate(q.now);
  const order = await requireOwnOrder(db, borrower.id, q.orderId, q.productId);
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
}

/**
 * Spec 3 "Instalment plan" / 4.7: unpaid instalments in order and paid ones; periodStatus of PERIOD_STATUS, 500
 * while a live payment code covers it. canClick 1 on the unpaid instalments, from the first, that can be paid
 * together today, while the loan is repaying and not late: paying the first k is allowed by the same rule that
 * refuses a payment (early-repayment.ts, spec 9), so the page never offers a payment the server would refuse
 * (issue 40 item 3: after instalment 1 was paid early, instalment 2 was offered and its Pay now refused). When
 * the first is not payable yet, its description says from which day it is.
 */
export async function instalmentPlanOf(db: Db, q: OrderQuery): Promise<AnswerOf<typeof loanPlayDetail>> {
  const { borrower, now, lang } = q;
  const today = jakartaDate(now);
  const order = await requireOwnOrder(db, borrower.id, q.orderId, q.productId);
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
    // A full repayment, and a cooling-off exit (issue 18 item 2), cover every unpaid instalment.
    if (p.repayType === 'full' || p.repayType === 'cooling_off') unpaid.forEach((i) => covered.add(i.periodNo));
    if (p.repayType === 'installment' && p.periodFrom !== null && p.periods !== null) {
      for (let n = p.periodFrom; n < p.periodFrom + p.periods; n++) covered.add(n);
    }
  }
  const money = (n: number) => formatMoney(n, lang);
  const payable = (count: number) =>
    repaying && !late && earlyRepaymentVerdict(order, { repayType: 'installment', periods: count }, instalments, today).allowed;
  const wait: InstalmentItem[] = unpaid.map((i, index) => {
    const canClick = payable(index + 1) ? 1 : 0;
    const periodStatus = covered.has(i.periodNo)
      ? PERIOD_STATUS.confirming
      : i.dueDate < today
        ? PERIOD_STATUS.pastDue
        : PERIOD_STATUS.upcoming;
    const notYet = index === 0 && canClick === 0 && repaying && !late;
    const repayDes =
      periodStatus === PERIOD_STATUS.confirming
        ? t(lang, 'periodConfirming')
        : periodStatus === PERIOD_STATUS.pastDue
          ? t(lang, 'periodPastDue', { date: i.dueDate })
          : notYet
            ? t(lang, 'instalmentPayableFrom', { date: instalmentPayableFrom(order, instalments, i.periodNo) })
            : t(lang, 'instalmentDescription', { principal: money(i.principal), interest: money(i.interest) });
    return {
      periodNo: i.periodNo,
      totalAmount: i.amount,
      canClick,
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
  // "Several at once" only when several can be paid today (issue 40: it was said while one, or none, could).
  const payableNow = wait.filter((i) => i.canClick === 1).length;
  const note: MessageKey =
    unpaid.length === 0 ? 'planNoteSettled' : late ? 'planNoteOverdue' : payableNow >= 2 ? 'planNote' : 'planNoteInOrder';
  return {
    productName: product.name,
    repayWaitCount: unpaid.length,
    note: t(lang, note),
    repayPlanDetail: { repayWaitDetail: wait, repayYetDetail: yet },
  };
}
