import type { CoolingOffInfo } from '@lendview/contracts';
import { formatMoney } from '../i18n/format.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import { coolingOffExit, type CoolingOffExit } from '../lib/money.ts';
import type { Order } from '../repositories/orders.ts';

/**
 * The cooling-off exit of an order (issue 18 item 2; the rule is lib/money.ts `coolingOffExit`, the reading is in
 * docs/compliance.md "Cooling-off exit"): loan details' `coolingOff` and what repayType 'cooling_off' asks.
 */

/** Status of an order closed in its cooling-off period (migration 013). */
export const COOLING_OFF_EXIT_STATUS = 210;

/**
 * The exit `order` offers on the Jakarta day `today` with a period of `coolingOffDays` (the setting), or null:
 * not eligible (lib/money.ts), or nothing to pay (an exit is made by a payment; it cannot happen while the loan
 * is repaying, since the last instalment alone is more than the interest of three days).
 */
export function coolingOffOf(order: Order, today: string, coolingOffDays: number): CoolingOffExit | null {
  const exit = coolingOffExit({
    status: order.status,
    disbursedDay: order.disbursedAt ? jakartaDate(order.disbursedAt) : null,
    dueDate: order.dueDate,
    today,
    coolingOffDays,
    principal: order.principal,
    dailyRateBp: order.dailyRateBp,
    paid: order.paidAmount,
  });
  return exit && exit.amount > 0 ? exit : null;
}

/** Loan details' `coolingOff`: the figures and the sentence in `lang`. */
export function coolingOffInfoOf(order: Order, exit: CoolingOffExit, lang: Lang): CoolingOffInfo {
  const money = (n: number) => formatMoney(n, lang);
  const vars = {
    date: exit.lastDay,
    amount: money(exit.amount),
    principal: money(exit.principal),
    days: exit.daysUsed === 1 ? t(lang, 'coolingOffDayOne') : t(lang, 'days', { days: exit.daysUsed }),
    interest: money(exit.interest),
    paid: money(exit.paid),
  };
  let message = t(lang, exit.paid > 0 ? 'coolingOffMessagePaid' : 'coolingOffMessage', vars);
  if (order.processingFee > 0) message += ` ${t(lang, 'coolingOffFeeNote', { fee: money(order.processingFee) })}`;
  return {
    lastDay: exit.lastDay,
    daysUsed: exit.daysUsed,
    principal: exit.principal,
    interest: exit.interest,
    paid: exit.paid,
    amount: exit.amount,
    processingFee: order.processingFee,
    message,
  };
}
