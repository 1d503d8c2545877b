import type { googleScore, loanDetails } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf } from '../lib/endpoint.ts';
import { notFound } from '../lib/errors.ts';
import { readLoanDetails } from '../repositories/loan-details.ts';
import { requireOwnOrder } from '../repositories/orders.ts';
import { saveRating } from '../repositories/ratings.ts';
import { isQuotaFull, withQuota } from '../repositories/reference-data.ts';
import type { Borrower } from '../repositories/sessions.ts';
import { coolingOffInfoOf, coolingOffOf } from './cooling-off.ts';
import { earlyRepayOf } from './early-repayment.ts';
import { SETTLED_STATUSES, detailRowsOf, noticeOf, outstandingOf } from './loans.ts';
import { toRecommended } from './products.ts';
import { toReceipt } from './repayment.ts';

/**
 * Loan details V3 (spec 2.5, 3, 4.9): one order of the borrower (another borrower's order answers NOT_FOUND,
 * exactly as a missing one), with what is owed today (late charges of spec 9 included), localized texts and
 * rows, recommendations, whether a full repayment today is allowed (spec 9 early prepayment,
 * services/early-repayment.ts) and the cooling-off exit while it is open (issue 18 item 2, services/cooling-off.ts).
 */
export async function loanDetailsOf(
  db: Db,
  input: { borrower: Borrower; orderId: string; productId: number; now: Date; lang: Lang },
): Promise<AnswerOf<typeof loanDetails>> {
  const { borrower, lang } = input;
  const today = jakartaDate(input.now);
  // One round trip (docs/performance.md "Hot reads"): the order and its rows, today's quota usage, the reference version.
  const read = await readLoanDetails(db, {
    borrowerId: borrower.id,
    orderNo: input.orderId,
    productId: input.productId,
    businessDay: today,
  });
  if (!read) throw notFound();
  const { order, reference: ref, quotaUsage } = read;
  const stored = ref.products.get(order.productId);
  if (!stored) throw new Error(`order ${order.orderNo} refers to missing product ${order.productId}`);
  const product = withQuota(stored, quotaUsage);
  const instalments = order.instalmentCount > 1 ? read.instalments : [];
  const capPercent = ref.lateChargeCapPercent;
  const owing = outstandingOf(order, borrower.isRepeatClient, today, capPercent);
  // listAvailableProducts' rules: active, today's quota not full, catalogue order, the order's own product left out.
  const recommendations = ref.catalogue
    .filter((p) => p.active && !isQuotaFull(p, quotaUsage) && p.id !== product.id)
    .map((p) => withQuota(p, quotaUsage));
  const contact = ref.supportContact;
  const rated = SETTLED_STATUSES.has(order.status) ? read.rated : true;
  // The exit is ours to offer on our own loans; a partner's loan is left on the partner's side (its own page).
  const exit = product.inHouse && order.disbursedAt ? coolingOffOf(order, today, ref.coolingOffDays) : null;
  return {
    orderId: order.orderNo,
    productId: product.id,
    orderStatus: order.status,
    ...noticeOf(order, owing, instalments, lang, capPercent),
    productName: product.name,
    productLogo: product.logoUrl,
    amount: owing.owed,
    userOrderDetail: { detail: detailRowsOf(order, owing, lang) },
    recProducts: recommendations.map((p) => toRecommended(p, lang)),
    inside: product.inHouse ? 1 : 0,
    h5Url: product.inHouse ? '' : (order.repayUrl ?? product.repayUrl ?? ''),
    isDelay: order.isDelay ? '1' : '0',
    telephone: contact?.phone ?? '',
    isScore: rated ? 0 : 1,
    earlyRepay: earlyRepayOf(order, instalments, today, lang),
    // Every payment received (the ledger), newest first: a settled loan shows what was paid.
    payments: read.receipts.map((r) => toReceipt(r, lang)),
    coolingOff: exit ? coolingOffInfoOf(order, exit, lang) : null,
  };
}

/** Stores the stars chosen (1-5); an orderId must be the borrower's own. */
export async function rateApp(
  db: Db,
  input: { borrowerId: number; orderId: string | undefined; score: number; now: Date },
): Promise<AnswerOf<typeof googleScore>> {
  const order = input.orderId ? await requireOwnOrder(db, input.borrowerId, input.orderId) : null;
  await saveRating(db, { borrowerId: input.borrowerId, score: input.score, orderNo: order?.orderNo ?? null, now: input.now });
  return { saved: true };
}
