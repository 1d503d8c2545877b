import type { FastifyInstance } from 'fastify';
import { loanDetailConfirm, loanDetailPush } from '@lendview/contracts';
import { formatMoney, formatRateBp } from '../../i18n/format.ts';
import { t } from '../../i18n/messages.ts';
import { jakartaDate } from '../../lib/dates.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { repaymentPlan } from '../../lib/money.ts';
import { CONFIRM_CONTRACT_SCENE, listContracts } from '../../repositories/contracts.ts';
import { createOrderUnderReview } from '../../repositories/orders.ts';
import { findProduct } from '../../repositories/products.ts';
import { contractViewUrl, offerOf, offerRows, repayPlansOf, termBounds } from '../../services/loans.ts';
import { unavailableError } from '../../services/products.ts';

/** Loan confirmation (spec 2.5, 4.8, 7.6). */
export default async function loanConfirmRoutes(app: FastifyInstance) {
  /** The product's offer: default amount and term, the plan computed from today, the popup agreement. */
  registerEndpoint(app, loanDetailConfirm, {
    auth: true,
    handler: async ({ input, db, now, lang }) => {
      const today = jakartaDate(now);
      const product = await findProduct(db, input.productId, today);
      if (!product) throw notFound();
      const offer = offerOf(product, today);
      const popup = (await listContracts(db, product.id, CONFIRM_CONTRACT_SCENE)).find((c) => c.popup);
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
        // No SMS confirmation step in this product (the session is the borrower's proof).
        sendSms: 0 as const,
        isPopType: popup ? (1 as const) : (0 as const),
        popContent: popup ? t(lang, 'popupContent') : '',
        popTitle: popup ? popup.title[lang] : '',
        popAgreementUrl: popup ? contractViewUrl(popup.id, product.id, null, lang) : '',
        note: t(lang, 'confirmNote'),
        sp_rate: formatRateBp(product.dailyRateBp, lang),
      };
    },
  });

  /**
   * Confirms: checks amount and term against the product (term within spec 9's 91-365 days), creates the
   * order in status 21 with its instalment plan from today, or answers the order already under review for
   * this borrower and product (idempotent: a double tap makes one order).
   */
  registerEndpoint(app, loanDetailPush, {
    auth: true,
    handler: async ({ input, db, now, lang, borrower }) => {
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
      const plan = repaymentPlan({ principal: input.amount, termDays: input.periods, dailyRateBp: product.dailyRateBp, startDate: today });
      const { orderNo } = await createOrderUnderReview(db, {
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
      const q = new URLSearchParams({ productId: String(product.id), orderId: orderNo });
      return { orderId: orderNo, lendDetailsUrl: `/loanDetails?${q.toString()}` };
    },
  });
}
