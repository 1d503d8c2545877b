import { CONTRACT_VIEW_PATH, type DetailRow, type RepayPlan } from '@lendview/contracts';
import { formatMoney, formatRateBp } from '../i18n/format.ts';
import { t, type Lang, type MessageKey } from '../i18n/messages.ts';
import { daysBetween, jakartaDate } from '../lib/dates.ts';
import { lateChargeCap, lateCharges, type LateCharges, processingFee, repaymentPlan, type RepaymentPlan } from '../lib/money.ts';
import type { Instalment, Order } from '../repositories/orders.ts';
import type { Product } from '../repositories/products.ts';

/** Statuses in which the borrower owes money (Repay button, spec 4.9). */
export const REPAYING_STATUSES: ReadonlySet<number> = new Set([170, 174, 180, 3, 5]);
/**
 * Settled statuses ('loan more'; the rating prompt may show): 200, legacy 4, and 210, closed in the cooling-off
 * period (issue 18 item 2: nothing more is owed).
 */
export const SETTLED_STATUSES: ReadonlySet<number> = new Set([200, 4, 210]);

/** Spec 9 loan terms: 91 to 365 days, narrowed by the product's own limits. */
export const LOAN_TERM_DAYS = { min: 91, max: 365 } as const;

export function termBounds(p: Product): { min: number; max: number } {
  return { min: Math.max(LOAN_TERM_DAYS.min, p.termMinDays), max: Math.min(LOAN_TERM_DAYS.max, p.termMaxDays) };
}

export interface Outstanding {
  /** amount_due − paid_amount (never negative). */
  unpaid: number;
  late: LateCharges;
  /** unpaid + late charges: what the borrower owes now. */
  owed: number;
}

const NOTHING: Outstanding = { unpaid: 0, late: { daysOverdue: 0, penalty: 0, interest: 0, total: 0, capped: false }, owed: 0 };

/**
 * What the borrower owes on `order` on the business day `today`: nothing unless the order is repaying; late
 * charges of spec 9 once today is past the due date (docs/loans.md), capped at `capPercent` % of the
 * principal minus the late charges already paid on the order, without a second penalty once one was paid
 * (docs/repayment.md). `capPercent` null: no cap.
 */
export function outstandingOf(order: Order, isRepeatClient: boolean, today: string, capPercent: number | null): Outstanding {
  if (!REPAYING_STATUSES.has(order.status)) return NOTHING;
  const unpaid = Math.max(0, order.amountDue - order.paidAmount);
  const daysOverdue = order.dueDate ? Math.max(0, daysBetween(order.dueDate, today)) : 0;
  const cap = lateChargeCap(order.principal, capPercent);
  const late = lateCharges({
    unpaid,
    daysOverdue,
    isRepeatClient,
    penaltyCharged: order.latePenaltyPaid > 0,
    cap: cap === null ? undefined : Math.max(0, cap - order.latePenaltyPaid - order.lateInterestPaid),
  });
  return { unpaid, late, owed: unpaid + late.total };
}

const row = (lang: Lang, key: MessageKey, value: string): DetailRow => ({ text: t(lang, key), value });

/**
 * Status headline and description of loan details, in `lang`. Once late charges apply, the description ends
 * with the late-charge cap (`capPercent` % of the principal; null = no cap, no sentence): issue 11 item 8.
 */
export function noticeOf(
  order: Order,
  owing: Outstanding,
  instalments: Instalment[],
  lang: Lang,
  capPercent: number | null,
): { noticeStatusText: string; noticeDesText: string } {
  const notice = statusNoticeOf(order, owing, instalments, lang);
  if (owing.late.daysOverdue === 0 || capPercent === null) return notice;
  return { ...notice, noticeDesText: `${notice.noticeDesText} ${t(lang, 'lateChargeCapNote', { percent: capPercent })}` };
}

function statusNoticeOf(
  order: Order,
  owing: Outstanding,
  instalments: Instalment[],
  lang: Lang,
): { noticeStatusText: string; noticeDesText: string } {
  const money = (n: number) => formatMoney(n, lang);
  const pair = (title: MessageKey, desc: MessageKey, vars?: Record<string, string | number>) => ({
    noticeStatusText: t(lang, title),
    noticeDesText: t(lang, desc, vars),
  });
  switch (order.status) {
    case 21:
      return pair('noticeUnderReview', 'noticeUnderReviewDesc');
    case 110:
      return pair('noticeRejected', 'noticeRejectedDesc');
    case 151:
      return pair('noticeDisbursing', 'noticeDisbursingDesc');
    case 174:
      return pair('noticeDueSoon', 'noticeDueSoonDesc', { amount: money(owing.owed), date: order.dueDate ?? '' });
    case 180:
    case 5:
      return pair('noticeOverdue', owing.late.capped ? 'noticeOverdueCappedDesc' : 'noticeOverdueDesc', {
        days: owing.late.daysOverdue,
        amount: money(owing.owed),
      });
    case 200:
    case 4:
      return pair('noticeSettled', 'noticeSettledDesc');
    case 210:
      return pair('noticeCoolingOffExit', 'noticeCoolingOffExitDesc');
    default: {
      // 170 and 3 (repaying, not yet due): the next unpaid instalment, or the whole loan.
      const next = instalments.find((i) => i.status === 'unpaid');
      if (next) return pair('noticeRepaying', 'noticeRepayingNextDesc', { amount: money(next.amount), date: next.dueDate });
      return pair('noticeRepaying', 'noticeRepayingDesc', { amount: money(owing.owed), date: order.dueDate ?? '' });
    }
  }
}

/** Detail rows of loan details (spec 3 userOrderDetail.detail); rows that do not apply are left out. */
export function detailRowsOf(order: Order, owing: Outstanding, lang: Lang): DetailRow[] {
  const money = (n: number) => formatMoney(n, lang);
  const rows: DetailRow[] = [
    row(lang, 'rowLoanAmount', money(order.principal)),
    row(lang, 'rowTerm', t(lang, 'days', { days: order.termDays })),
  ];
  if (order.instalmentCount > 1) rows.push(row(lang, 'rowInstalments', String(order.instalmentCount)));
  rows.push(row(lang, 'rowApplyDate', jakartaDate(order.appliedAt)));
  if (order.disbursedAt) rows.push(row(lang, 'rowDisbursedDate', jakartaDate(order.disbursedAt)));
  if (order.dueDate) rows.push(row(lang, 'rowDueDate', order.dueDate));
  if (order.status !== 110) {
    // A rejected application owes nothing: no rate, interest or amount due.
    rows.push(row(lang, 'rowDailyRate', formatRateBp(order.dailyRateBp, lang)));
    rows.push(row(lang, 'rowInterest', money(order.interestAmount)));
    if (order.serviceFee > 0) rows.push(row(lang, 'rowServiceFee', money(order.serviceFee)));
    if (order.processingFee > 0) rows.push(row(lang, 'rowProcessingFee', money(order.processingFee)));
    rows.push(row(lang, 'rowAmountDue', money(order.amountDue)));
  }
  // A loan left in its cooling-off period (210) shows what was paid and what the exit did not charge.
  const exited = order.status === 210;
  if ((REPAYING_STATUSES.has(order.status) || exited) && order.paidAmount > 0) rows.push(row(lang, 'rowPaid', money(order.paidAmount)));
  if (exited && order.waivedAmount > 0) rows.push(row(lang, 'rowWaived', money(order.waivedAmount)));
  if (owing.late.daysOverdue > 0 && owing.late.total > 0) {
    rows.push(row(lang, 'rowDaysOverdue', String(owing.late.daysOverdue)));
    // A penalty paid earlier (with an extension) is not charged again: no 0 row.
    if (owing.late.penalty > 0) rows.push(row(lang, 'rowLatePenalty', money(owing.late.penalty)));
    if (owing.late.interest > 0) rows.push(row(lang, 'rowLateInterest', money(owing.late.interest)));
    rows.push(row(lang, 'rowAmountNow', money(owing.owed)));
  }
  if (order.settledAt) rows.push(row(lang, exited ? 'rowClosedDate' : 'rowSettledDate', jakartaDate(order.settledAt)));
  return rows;
}

/**
 * The extension page's row stating the late-charge cap ('Late charges limit': '100% of the principal
 * (Rp 1.200.000)'), shown where late charges are (issue 11 item 8); none without a cap or late charges.
 */
export function lateChargeCapRows(order: Order, lateCharges: number, capPercent: number | null, lang: Lang): DetailRow[] {
  const cap = lateChargeCap(order.principal, capPercent);
  if (capPercent === null || cap === null || lateCharges <= 0) return [];
  return [row(lang, 'rowLateChargeCap', t(lang, 'lateChargeCapValue', { percent: capPercent, amount: formatMoney(cap, lang) }))];
}

/** What an extension is compared with (delay-detail `comparison`, docs/repayment.md "Extension: delay-detail"). */
export interface ExtensionComparison {
  repayNow: number;
  extendNow: number;
  extendLater: number;
  newDueDate: string;
}

/**
 * Repaying now against extending, from the amounts the server asks (dueFor 'delay' of services/repayment.ts),
 * never a second copy of the arithmetic:
 * - repayNow: the full repayment today = what is owed today (`owing.owed`, dueFor 'full' asks exactly this);
 * - extendNow: the extension today (fee + the late charges it settles) = `amount`;
 * - extendLater: what outstandingOf says the order owes on the new due date once the extension is paid (its
 *   late charges recorded as paid, as settlement does): the unpaid amount, nothing late on that day.
 */
export function extensionComparison(
  order: Order,
  delay: { amount: number; latePenalty: number; lateInterest: number; newDueDate: string | null; owing: Outstanding },
  isRepeatClient: boolean,
  capPercent: number | null,
): ExtensionComparison {
  const newDueDate = delay.newDueDate ?? order.dueDate ?? '';
  const extended: Order = {
    ...order,
    dueDate: newDueDate || null,
    latePenaltyPaid: order.latePenaltyPaid + delay.latePenalty,
    lateInterestPaid: order.lateInterestPaid + delay.lateInterest,
  };
  const later = newDueDate ? outstandingOf(extended, isRepeatClient, newDueDate, capPercent).owed : delay.owing.unpaid;
  return { repayNow: delay.owing.owed, extendNow: delay.amount, extendLater: later, newDueDate };
}

/** The agreement page of a contract; the language carries over through isNeedPop (spec 1). */
export function contractViewUrl(contractId: number, productId: number, orderNo: string | null, lang: Lang): string {
  const q = new URLSearchParams({ id: String(contractId), productId: String(productId) });
  if (orderNo) q.set('orderId', orderNo);
  q.set('isNeedPop', lang === 'en' ? '1' : '0');
  return `${CONTRACT_VIEW_PATH}?${q.toString()}`;
}

export interface Offer {
  amount: number;
  termDays: number;
  plan: RepaymentPlan;
}

/** The product's offer on the business day `today`: its default amount and term, the plan from today. */
export function offerOf(product: Product, today: string): Offer {
  const bounds = termBounds(product);
  const termDays = Math.min(bounds.max, Math.max(bounds.min, product.defaultTermDays));
  const amount = product.defaultAmount;
  return { amount, termDays, plan: repaymentPlan({ principal: amount, termDays, dailyRateBp: product.dailyRateBp, startDate: today }) };
}

/** The plan as the confirm page lists it (spec 3 repay_plans). */
export function repayPlansOf(plan: RepaymentPlan, lang: Lang): RepayPlan[] {
  const n = plan.instalments.length;
  return plan.instalments.map((i) => ({
    title: n === 1 ? t(lang, 'singlePaymentTitle') : t(lang, 'instalmentTitle', { n: i.periodNo, count: n }),
    amount: i.amount,
    description: t(lang, 'instalmentDescription', { principal: formatMoney(i.principal, lang), interest: formatMoney(i.interest, lang) }),
    pay_time: i.dueDate,
  }));
}

/** Rows of the confirm page: details (the loan), detail1 (money in), detail2 (money back). */
export function offerRows(
  product: Product,
  offer: Offer,
  lang: Lang,
): { details: DetailRow[]; detail1: DetailRow[]; detail2: DetailRow[] } {
  const money = (n: number) => formatMoney(n, lang);
  const fee = processingFee(offer.amount, product.processingFeeBp);
  return {
    details: [
      row(lang, 'rowLoanAmount', money(offer.amount)),
      row(lang, 'rowTerm', t(lang, 'days', { days: offer.termDays })),
      row(lang, 'rowDailyRate', formatRateBp(product.dailyRateBp, lang)),
    ],
    detail1: [
      row(lang, 'rowInterest', money(offer.plan.interest)),
      // The processing fee is deducted from what is paid out (issue 18): the borrower receives the rest.
      ...(fee > 0 ? [row(lang, 'rowProcessingFee', money(fee))] : []),
      row(lang, 'rowAmountReceived', money(offer.amount - fee)),
      row(lang, 'rowDisbursement', t(lang, 'disbursementTime')),
    ],
    detail2: [
      row(lang, 'rowTotalRepayment', money(offer.plan.total)),
      row(lang, 'rowInstalments', String(offer.plan.instalments.length)),
      row(lang, 'rowFirstRepayment', offer.plan.instalments[0]!.dueDate),
    ],
  };
}
