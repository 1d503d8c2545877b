import { ErrorCode, type RepayType } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { withRetriedTransaction } from '../lib/transaction-retry.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import {
  allocationTotal,
  appliedSince,
  closeUnappliedFund,
  creditLedgerEntry,
  findUnappliedFund,
  insertUnappliedFund,
  lockEntrySource,
  refundLedgerEntry,
} from '../repositories/ledger.ts';
import { lockOrder } from '../repositories/orders.ts';
import { cancelPending, paymentIntent } from '../repositories/payments.ts';
import { insertAudit, type AuditDetail } from '../repositories/ops-console.ts';
import { REPAYING_STATUSES } from './loans.ts';
import { ALL_METHODS, applyBreakdown, breakdownOf, repaymentOptions } from './repayment-dues.ts';
import { expireAtProvider } from './repayment-payments.ts';

// --- Unapplied funds: an operator applies or refunds -------------------------------------------------------------

export type ResolveAction = 'apply' | 'refund';

/**
 * Resolves an open unapplied fund (operator API), in one retried transaction with the order row locked first,
 * with its audit row (ops_audit, kind 'fund') in the same transaction:
 * - apply: credited as exactly the option the operator chose among repaymentOptions (what the list offered);
 *   the fund closes for what was applied and a new open fund ('overpayment') holds any rest. Refused when the
 *   order asks nothing or no longer offers that choice (CONFLICT), when the amount does not cover it (CONFLICT),
 *   or when it would pay ahead before early repayment opens (EARLY_REPAYMENT, with the day).
 * - refund: returned through the provider (idempotent per fund), the fund closes as refunded.
 * Unknown fund → NOT_FOUND; already resolved → CONFLICT.
 */
export async function resolveUnappliedFund(
  db: Db,
  provider: PaymentProvider,
  input: {
    id: number;
    action: ResolveAction;
    /** apply: which of the fund's options (repaymentOptions) the operator chose. */
    choice?: { repayType: RepayType; periods?: number | undefined } | undefined;
    operator: { id: number; username: string };
    note: string;
    now: Date;
  },
): Promise<void> {
  await withRetriedTransaction(db, async (tx) => {
    const seen = await findUnappliedFund(tx, input.id);
    if (!seen) throw notFound();
    const order = await lockOrder(tx, seen.orderNo);
    const fund = (await findUnappliedFund(tx, input.id, { forUpdate: true }))!;
    if (fund.state !== 'open') throw new ApiError(ErrorCode.conflict, 'fundAlreadyResolved');
    const entry = (await lockEntrySource(tx, fund.ledgerEntryId))!;
    const payment = (await paymentIntent(tx, entry.paymentId))!;
    const close = { id: fund.id, operatorId: input.operator.id, note: input.note, now: input.now };
    // In this transaction: the trail has the action exactly when the money moved.
    const audit = (action: 'fund_apply' | 'fund_refund', detail: AuditDetail) =>
      insertAudit(tx, {
        operatorId: input.operator.id,
        operator: input.operator.username,
        action,
        kind: 'fund',
        itemId: String(fund.id),
        detail: { orderNo: fund.orderNo, amount: fund.amount, ...detail, note: input.note },
        now: input.now,
      });
    if (input.action === 'refund') {
      let refundId: string;
      try {
        ({ refundId } = await provider.refund({
          key: `fund-${fund.id}`,
          reference: payment.reference,
          providerEvent: entry.providerEvent,
          amount: fund.amount,
        }));
      } catch {
        throw new ApiError(ErrorCode.paymentRefused, 'providerUnavailable', undefined, { status: 503 });
      }
      await refundLedgerEntry(tx, fund.ledgerEntryId, fund.amount);
      await closeUnappliedFund(tx, { ...close, state: 'refunded', amount: fund.amount, refundId });
      await audit('fund_refund', { refundId });
      return;
    }
    if (!order || !REPAYING_STATUSES.has(order.status)) throw new ApiError(ErrorCode.conflict, 'fundOrderOwesNothing');
    if (!input.choice) throw badRequest('fundChoiceMissing');
    const { choice } = input;
    // The same choices the list showed (unappliedFundsPage): an extension only if the code was an extension code
    // and nothing was applied to the order since it was issued.
    const extend = payment.repayType === 'delay' && !(await appliedSince(tx, fund.orderNo, payment.createdAt));
    const options = await repaymentOptions(tx, order, { amount: fund.amount, asked: payment, extend, paidAt: input.now });
    const chosen = options.find(
      (o) => o.repayType === choice.repayType && (choice.repayType !== 'installment' || o.periods === (choice.periods ?? 1)),
    );
    if (!chosen) throw new ApiError(ErrorCode.conflict, 'fundChoiceUnavailable');
    if (!chosen.covered) throw new ApiError(ErrorCode.conflict, 'fundDoesNotCover');
    if (chosen.payableFrom) throw new ApiError(ErrorCode.earlyRepayment, 'earlyRepayment', { date: chosen.payableFrom });
    const applied = await applyBreakdown(tx, order, breakdownOf(chosen.due), input.now);
    if (!applied) throw new ApiError(ErrorCode.conflict, 'fundChoiceUnavailable');
    const credited = allocationTotal(applied);
    await creditLedgerEntry(tx, fund.ledgerEntryId, { ...applied });
    await closeUnappliedFund(tx, { ...close, state: 'applied', amount: credited, refundId: null });
    await audit('fund_apply', {
      appliedAs: applied.repayType,
      periods: applied.periods.join(',') || null,
      credited,
      held: fund.amount - credited,
      orderStatus: applied.orderStatus,
    });
    if (fund.amount > credited) {
      await insertUnappliedFund(tx, {
        ledgerEntryId: fund.ledgerEntryId,
        orderNo: fund.orderNo,
        amount: fund.amount - credited,
        reason: 'overpayment',
        createdAt: input.now,
      });
    }
    const cancelled = await cancelPending(tx, fund.orderNo, ALL_METHODS, null);
    await expireAtProvider(tx, provider, cancelled, input.now, false);
  });
}
