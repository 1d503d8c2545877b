import type { FastifyInstance } from 'fastify';
import { googleScore, loanDetails } from '@lendview/contracts';
import { jakartaDate } from '../../lib/dates.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { listInstalments, requireOwnOrder } from '../../repositories/orders.ts';
import { findProduct, listAvailableProducts } from '../../repositories/products.ts';
import { hasRated, saveRating } from '../../repositories/ratings.ts';
import { getLateChargeCapPercent, getSupportContact } from '../../repositories/settings.ts';
import { receiptsOf } from '../../services/repayment.ts';
import { earlyRepayOf } from '../../services/early-repayment.ts';
import { SETTLED_STATUSES, detailRowsOf, noticeOf, outstandingOf } from '../../services/loans.ts';
import { toRecommended } from '../../services/products.ts';

/** Loan details V3 (spec 2.5, 3, 4.9) and the app rating. */
export default async function loanDetailsRoutes(app: FastifyInstance) {
  /**
   * One order of the borrower (another borrower's order answers NOT_FOUND, exactly as a missing one), with
   * what is owed today (late charges of spec 9 included), localized texts and rows, recommendations, and
   * whether a full repayment today is allowed (spec 9 early prepayment, services/early-repayment.ts).
   */
  registerEndpoint(app, loanDetails, {
    auth: true,
    handler: async ({ input, db, now, lang, borrower }) => {
      const today = jakartaDate(now);
      const order = await requireOwnOrder(db, borrower.id, input.orderId, input.productId);
      const product = await findProduct(db, order.productId, today, { includeInactive: true });
      if (!product) throw new Error(`order ${order.orderNo} refers to missing product ${order.productId}`);
      const instalments = order.instalmentCount > 1 ? await listInstalments(db, order.orderNo) : [];
      const capPercent = await getLateChargeCapPercent(db);
      const owing = outstandingOf(order, borrower.isRepeatClient, today, capPercent);
      const recommendations = await listAvailableProducts(db, today, { excludeId: product.id });
      const contact = await getSupportContact(db);
      const rated = SETTLED_STATUSES.has(order.status) ? await hasRated(db, borrower.id) : true;
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
        inside: product.inHouse ? (1 as const) : (0 as const),
        h5Url: product.inHouse ? '' : (order.repayUrl ?? product.repayUrl ?? ''),
        isDelay: order.isDelay ? ('1' as const) : ('0' as const),
        telephone: contact?.phone ?? '',
        isScore: rated ? (0 as const) : (1 as const),
        earlyRepay: earlyRepayOf(order, instalments, today, lang),
        // Receipts of the ledger (issue 11 item 3): filled by the ledger's repository.
        // Every payment received (the ledger), newest first: a settled loan shows what was paid.
        payments: await receiptsOf(db, order.orderNo, lang),
      };
    },
  });

  /** Stores the stars chosen (1-5); an orderId must be the borrower's own. */
  registerEndpoint(app, googleScore, {
    auth: true,
    fieldMessages: { score: 'scoreInvalid' },
    successMessage: 'ratingThanks',
    handler: async ({ input, db, now, borrower }) => {
      const order = input.orderId ? await requireOwnOrder(db, borrower.id, input.orderId) : null;
      await saveRating(db, { borrowerId: borrower.id, score: input.score, orderNo: order?.orderNo ?? null, now });
      return { saved: true };
    },
  });
}
