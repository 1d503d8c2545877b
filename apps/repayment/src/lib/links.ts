import { amountParam, parseAmountParam } from './amount.ts';

/**
 * The addresses the repayment screens link to. Each payment link carries the order, the amount (digits of
 * minor units), `display` when it is 1, and the repayment type and periods when the URL had them, so that a
 * detour through the method choice comes back to the same payment.
 */

/** 'cooling_off' (issue 18 item 2): leaving the loan in its cooling-off period (the card on /loanDetails). */
export type RepayType = 'full' | 'installment' | 'delay' | 'cooling_off';

export interface PaymentContext {
  productId: string;
  orderId: string;
  /** Digits of minor units. */
  amount: string;
  /** '1' or ''. */
  display: string;
  /** '' when the link had none (a full repayment). */
  repayType: RepayType | '';
  /** '' unless repayType is installment. */
  periods: string;
}

export function isRepayType(v: string): v is RepayType {
  return v === 'full' || v === 'installment' || v === 'delay' || v === 'cooling_off';
}

/**
 * The payment context of a page's query. Unknown repayType values are dropped. The amount is kept in its one URL
 * form (digits of minor units, issue 40): a link that came with dots ('261.375.000', spec 9's display form) passes
 * on '261375000', so no link this page builds carries the dots further; what is not an amount stays as it came,
 * for the page to refuse.
 */
export function paymentContext(params: URLSearchParams): PaymentContext {
  const get = (k: string) => (params.get(k) ?? '').trim();
  const repayType = get('repayType');
  return {
    productId: get('productId'),
    orderId: get('orderId'),
    amount: amountParam(parseAmountParam(get('amount')) ?? 0) || get('amount'),
    display: get('display') === '1' ? '1' : '',
    repayType: isRepayType(repayType) ? repayType : '',
    periods: get('periods'),
  };
}

function query(ctx: PaymentContext): string {
  const q = new URLSearchParams({ productId: ctx.productId, orderId: ctx.orderId, amount: ctx.amount });
  if (ctx.display === '1') q.set('display', '1');
  if (ctx.repayType) q.set('repayType', ctx.repayType);
  if (ctx.periods) q.set('periods', ctx.periods);
  return q.toString();
}

/** The virtual-account page. */
export const vaUrl = (ctx: PaymentContext) => `/that?${query(ctx)}`;

/** The method choice (spec 2.5: with the amount, and display=1 when display is 1). */
export const methodUrl = (ctx: PaymentContext) => `/individual?${query(ctx)}`;

/** Loan details of the order (loan-details remote). */
export const loanDetailsUrl = (productId: string, orderId: string) => `/loanDetails?${new URLSearchParams({ productId, orderId })}`;

/** The customer-service complaint entry for this order (complaint-chatbot remote). */
export const complaintUrl = (orderId: string) => `/complaint?${new URLSearchParams({ orderNo: orderId })}`;
