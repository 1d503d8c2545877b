import { createHash } from 'node:crypto';
import type { DetailRow, KeyFacts } from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { formatMoney, formatRateBp } from '../i18n/format.ts';
import { t, type Lang, type MessageKey } from '../i18n/messages.ts';
import { annualPercentageRateBp } from '../lib/apr.ts';
import { addDays, daysBetween, jakartaDate } from '../lib/dates.ts';
import { LATE_INTEREST_BANDS, LATE_PENALTY, lateChargeCap, processingFee, repaymentPlan } from '../lib/money.ts';
import { listInstalments, requireOwnOrder, type Order } from '../repositories/orders.ts';
import { findProduct, type Product } from '../repositories/products.ts';
import type { Borrower } from '../repositories/sessions.ts';
import { getCoolingOffDays, getLateChargeCapPercent } from '../repositories/settings.ts';
import { grievanceOfficerOf, type GrievanceOfficer } from './grievance.ts';

/**
 * The key facts statement (issue 18; RBI Digital Lending Directions' KFS, OJK disclosure): one figure for each
 * cost, the APR from the real cash flows, the schedule, late charges and their cap, the cooling-off terms and the
 * grievance officer. Built by one function (`keyFactsFrom`) for an offer on /confirm and for a confirmed loan, so
 * the statement and the repayment pages read the same numbers (test/kfs-consistency.test.ts). docs/compliance.md.
 */

/** Changes whenever the statement's layout or rules change: the consent record names it. */
export const KFS_VERSION = 'kfs-2026-11';
/** The consent record's document kind (and id) for the statement. */
export const KFS_DOCUMENT_KIND = 'kfs';

/** What a statement is made of: the loan's figures as the order (or the offer) holds them. */
interface LoanTerms {
  productName: string;
  principal: number;
  processingFee: number;
  otherFees: number;
  interest: number;
  dailyRateBp: number;
  termDays: number;
  /** The day the money is (or would be) paid out: day 0 of the cash flows. */
  startDate: string;
  schedule: KeyFacts['schedule'];
  provisionalDates: boolean;
  isRepeatClient: boolean;
}

interface Policies {
  capPercent: number | null;
  coolingOffDays: number;
  officer: GrievanceOfficer;
}

async function policiesOf(db: Queryable): Promise<Policies> {
  const [capPercent, coolingOffDays, officer] = await Promise.all([
    getLateChargeCapPercent(db),
    getCoolingOffDays(db),
    grievanceOfficerOf(db),
  ]);
  return { capPercent, coolingOffDays, officer };
}

/** sha256 of the statement's JSON with its keys in a fixed order (the hash covers figures and texts). */
function hashOf(body: Omit<KeyFacts, 'sha256'>): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** The statement of `terms` in `lang`. Pure: every figure comes from `terms` and `policies`. */
export function keyFactsFrom(terms: LoanTerms, policies: Policies, lang: Lang): KeyFacts {
  const money = (n: number) => formatMoney(n, lang);
  const row = (key: MessageKey, value: string, vars?: Record<string, string | number>): DetailRow => ({ text: t(lang, key, vars), value });
  const netDisbursed = terms.principal - terms.processingFee;
  const totalRepayable = terms.schedule.reduce((sum, i) => sum + i.amount, 0);
  const totalCost = totalRepayable - terms.principal + terms.processingFee;
  const payments = terms.schedule.map((i) => ({ day: Math.max(1, daysBetween(terms.startDate, i.dueDate)), amount: i.amount }));
  const aprBp = annualPercentageRateBp(netDisbursed, payments);
  const apr = formatRateBp(aprBp, lang);
  const latePenalty = terms.isRepeatClient ? LATE_PENALTY.repeatClient : LATE_PENALTY.newClient;
  const cap = lateChargeCap(terms.principal, policies.capPercent);
  const bands = LATE_INTEREST_BANDS.map((b) =>
    Number.isFinite(b.toDay)
      ? t(lang, 'kfsLateBand', { rate: formatRateBp(b.bp, lang), from: b.fromDay, to: b.toDay })
      : t(lang, 'kfsLateBandFrom', { rate: formatRateBp(b.bp, lang), from: b.fromDay }),
  ).join('; ');
  const { officer } = policies;

  const body: Omit<KeyFacts, 'sha256'> = {
    version: KFS_VERSION,
    lang,
    title: t(lang, 'kfsTitle'),
    intro: t(lang, 'kfsIntro'),
    productName: terms.productName,
    amount: terms.principal,
    processingFee: terms.processingFee,
    otherFees: terms.otherFees,
    netDisbursed,
    interest: terms.interest,
    totalRepayable,
    totalCost,
    aprBp,
    apr,
    dailyRateBp: terms.dailyRateBp,
    termDays: terms.termDays,
    schedule: terms.schedule,
    provisionalDates: terms.provisionalDates,
    latePenalty,
    lateChargeCap: cap,
    coolingOffDays: policies.coolingOffDays,
    grievanceOfficer: officer,
    sections: [
      {
        title: t(lang, 'kfsSectionLoan'),
        rows: [
          row('kfsLender', terms.productName),
          row('kfsLoanAmount', money(terms.principal)),
          row('kfsProcessingFee', terms.processingFee > 0 ? money(terms.processingFee) : t(lang, 'kfsNone')),
          ...(terms.otherFees > 0 ? [row('kfsOtherFees', money(terms.otherFees))] : []),
          row('kfsNetDisbursed', money(netDisbursed)),
          row('kfsTerm', t(lang, 'days', { days: terms.termDays })),
          row('kfsInstalmentCount', String(terms.schedule.length)),
          row('kfsDailyRate', formatRateBp(terms.dailyRateBp, lang)),
          row('kfsInterest', money(terms.interest)),
          row('kfsTotalRepayable', money(totalRepayable)),
          row('kfsTotalCost', money(totalCost)),
          row('kfsApr', apr),
        ],
        note: t(lang, 'kfsAprNote'),
      },
      {
        title: t(lang, 'kfsSectionLate'),
        rows: [
          row('kfsLatePenalty', money(latePenalty)),
          row('kfsLateInterest', bands),
          row(
            'kfsLateCap',
            cap === null ? t(lang, 'kfsNoCap') : t(lang, 'kfsCapValue', { percent: policies.capPercent ?? 0, amount: money(cap) }),
          ),
        ],
        note: t(lang, 'kfsLateNote'),
      },
      {
        title: t(lang, 'kfsSectionCoolingOff'),
        rows: [row('kfsCoolingOffPeriod', t(lang, 'days', { days: policies.coolingOffDays }))],
        note:
          policies.coolingOffDays > 0
            ? t(lang, terms.processingFee > 0 ? 'kfsCoolingOffNoteFee' : 'kfsCoolingOffNote', { days: policies.coolingOffDays })
            : t(lang, 'kfsCoolingOffNone'),
      },
      {
        title: t(lang, 'kfsSectionGrievance'),
        rows: [
          row('kfsOfficerName', officer.name),
          row('kfsOfficerPhone', officer.phone),
          row('kfsOfficerEmail', officer.email),
          row('kfsOfficerAddress', officer.address),
        ],
        note: t(lang, 'kfsGrievanceNote'),
      },
    ],
    scheduleTitle: t(lang, terms.provisionalDates ? 'kfsScheduleProvisional' : 'kfsSchedule'),
    scheduleHeaders: {
      no: t(lang, 'kfsColNo'),
      date: t(lang, 'kfsColDate'),
      principal: t(lang, 'kfsColPrincipal'),
      interest: t(lang, 'kfsColInterest'),
      amount: t(lang, 'kfsColAmount'),
    },
  };
  return { ...body, sha256: hashOf(body) };
}

/**
 * The statement of an offer: `amount` for `termDays` of `product`, the plan from `today` (as the order confirmed
 * today would get it), the product's processing fee, the borrower's late penalty.
 */
export async function offerKeyFacts(
  db: Queryable,
  input: { product: Product; amount: number; termDays: number; isRepeatClient: boolean; today: string; lang: Lang },
): Promise<KeyFacts> {
  const { product, amount, termDays, today } = input;
  const plan = repaymentPlan({ principal: amount, termDays, dailyRateBp: product.dailyRateBp, startDate: today });
  const terms: LoanTerms = {
    productName: product.name,
    principal: plan.principal,
    processingFee: processingFee(plan.principal, product.processingFeeBp),
    otherFees: 0,
    interest: plan.interest,
    dailyRateBp: product.dailyRateBp,
    termDays,
    startDate: today,
    schedule: plan.instalments.map((i) => ({
      periodNo: i.periodNo,
      dueDate: i.dueDate,
      principal: i.principal,
      interest: i.interest,
      amount: i.amount,
    })),
    provisionalDates: true,
    isRepeatClient: input.isRepeatClient,
  };
  return keyFactsFrom(terms, await policiesOf(db), input.lang);
}

/**
 * The statement of a confirmed loan as its figures stand: the order's principal, fees, interest and instalments
 * (a single-payment order: one line of amount_due on its due date). Day 0 is the disbursement day, or the day
 * it was applied for while not yet paid out (dates then provisional).
 */
export async function orderKeyFacts(
  db: Db,
  input: { order: Order; productName: string; isRepeatClient: boolean; today: string; lang: Lang },
): Promise<KeyFacts> {
  const { order } = input;
  const startDate = jakartaDate(order.disbursedAt ?? order.appliedAt);
  const rows = order.instalmentCount > 1 ? await listInstalments(db, order.orderNo) : [];
  const schedule: KeyFacts['schedule'] =
    rows.length > 0
      ? rows.map((i) => ({ periodNo: i.periodNo, dueDate: i.dueDate, principal: i.principal, interest: i.interest, amount: i.amount }))
      : [
          {
            periodNo: 1,
            dueDate: order.dueDate ?? addDays(startDate, order.termDays),
            principal: order.principal,
            interest: order.interestAmount,
            amount: order.amountDue,
          },
        ];
  const terms: LoanTerms = {
    productName: input.productName,
    principal: order.principal,
    processingFee: order.processingFee,
    otherFees: order.serviceFee,
    interest: order.interestAmount,
    dailyRateBp: order.dailyRateBp,
    termDays: order.termDays,
    startDate,
    schedule,
    provisionalDates: order.disbursedAt === null,
    isRepeatClient: input.isRepeatClient,
  };
  return keyFactsFrom(terms, await policiesOf(db), input.lang);
}

/** The statement of one of `borrower`'s loans (another borrower's order, or a missing one: NOT_FOUND). */
export async function ownLoanKeyFacts(
  db: Db,
  input: { borrower: Borrower; orderId: string; productId?: number | undefined; now: Date; lang: Lang },
): Promise<KeyFacts> {
  const today = jakartaDate(input.now);
  const order = await requireOwnOrder(db, input.borrower.id, input.orderId, input.productId);
  const product = await findProduct(db, order.productId, today, { includeInactive: true });
  if (!product) throw new Error(`order ${order.orderNo} refers to missing product ${order.productId}`);
  return orderKeyFacts(db, { order, productName: product.name, isRepeatClient: input.borrower.isRepeatClient, today, lang: input.lang });
}
