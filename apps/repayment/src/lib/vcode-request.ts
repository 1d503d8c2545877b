import type { GenerateVcodeInput } from '../api/generate-vcode.ts';
import type { PaymentContext } from './links.ts';
import type { PayChoice } from './pay-choice.ts';

/**
 * The generate-vcode request of a /that visit (spec 4.6, 7.6). With the borrower's saved choice for this order:
 * its pay type, code and channel, is_default 0. Without one (a new repayment): is_default 1, no code (the server
 * picks the borrower's last method, else the first bank). Null when the link lacks the order or a valid amount.
 */
export function vcodeRequest(ctx: PaymentContext, amount: number | null, choice: PayChoice | null): GenerateVcodeInput | null {
  if (!ctx.productId || !ctx.orderId || amount === null) return null;
  const repayType = ctx.repayType || 'full';
  const periods = repayType === 'installment' && /^\d{1,3}$/.test(ctx.periods) ? Number(ctx.periods) : undefined;
  const base = {
    productId: ctx.productId,
    orderId: ctx.orderId,
    amount,
    is_display: ctx.display === '1' ? 1 : 0,
    repayType,
    periods,
  } as const;
  if (choice) {
    return { ...base, pay_type: choice.payType, payCode: choice.payCode, specific_num: choice.specificNum, is_default: 0 };
  }
  return { ...base, payCode: '', specific_num: '', is_default: 1 };
}
