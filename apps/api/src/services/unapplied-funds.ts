import type { FastifyBaseLogger } from 'fastify';
import type { OpsFundOption, OpsUnappliedFund, opsResolveUnappliedFund, opsUnappliedFunds } from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf, InputOf, WithMessage } from '../lib/endpoint.ts';
import { notFound } from '../lib/errors.ts';
import type { Operator } from '../lib/operator-auth.ts';
import { maskPhone } from '../lib/phones.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import { appliedSince, fundListRow, listUnappliedFunds, type FundListRow } from '../repositories/ledger.ts';
import { findOwnOrder, type Order } from '../repositories/orders.ts';
import { getLateChargeCapPercent } from '../repositories/settings.ts';
import { outstandingOf } from './loans.ts';
import { repaymentOptions, resolveUnappliedFund } from './repayment.ts';

/** Money held by the ledger, as the support role sees and resolves it (docs/repayment.md "Unapplied funds"). */

/** An unapplied fund as the operator list shows it, with what its order asks now (full repayment). */
async function toOpsFund(db: Queryable, row: FundListRow, now: Date): Promise<OpsUnappliedFund> {
  const full = await findOwnOrder(db, row.borrowerId, row.orderNo);
  const owes = full ? outstandingOf(full, row.isRepeatClient, jakartaDate(now), await getLateChargeCapPercent(db)).owed : 0;
  const options = full && row.state === 'open' ? await fundOptions(db, full, row, now) : [];
  return {
    id: row.id,
    orderNo: row.orderNo,
    borrower: maskPhone(row.borrowerPhone),
    amount: row.amount,
    reason: row.reason,
    state: row.state,
    reference: row.reference,
    vcode: row.vcode ?? '',
    channel: row.channel,
    providerEvent: row.providerEvent,
    paymentAmount: row.paymentAmount,
    receivedAt: row.createdAt.toISOString(),
    orderStatus: full?.status ?? 0,
    orderOwes: owes,
    options,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedByName ?? '',
    refundId: row.refundId ?? '',
    note: row.note,
  };
}

/** What the fund can pay today, as resolveUnappliedFund will decide it (the same repaymentOptions call). */
async function fundOptions(db: Queryable, order: Order, row: FundListRow, now: Date): Promise<OpsFundOption[]> {
  const extend = row.repayType === 'delay' && !(await appliedSince(db, row.orderNo, row.codeCreatedAt));
  const asked = { repayType: row.repayType, periods: row.periods };
  const options = await repaymentOptions(db, order, { amount: row.amount, asked, extend, paidAt: now });
  return options.map((o) => ({
    repayType: o.repayType,
    periodFrom: o.periodFrom,
    periods: o.periods,
    amount: o.amount,
    covered: o.covered,
    payableFrom: o.payableFrom,
    newStatus: o.newStatus,
    newDueDate: o.newDueDate,
    keepsHeld: Math.max(0, row.amount - o.amount),
  }));
}

export async function unappliedFundsPage(
  db: Db,
  input: { request: InputOf<typeof opsUnappliedFunds>; now: Date },
): Promise<AnswerOf<typeof opsUnappliedFunds>> {
  const { request } = input;
  const { rows, total } = await listUnappliedFunds(db, {
    state: request.state === 'all' ? null : request.state,
    limit: request.pageSize,
    offset: (request.page - 1) * request.pageSize,
  });
  const items: OpsUnappliedFund[] = [];
  for (const row of rows) items.push(await toOpsFund(db, row, input.now));
  return { items, total, page: request.page, pageSize: request.pageSize };
}

/** Applies or refunds a fund (services/repayment.ts resolveUnappliedFund), then answers it as the list shows it. */
export async function resolveFundAsOperator(
  db: Db,
  payments: PaymentProvider,
  input: { operator: Operator; request: InputOf<typeof opsResolveUnappliedFund>; now: Date; log: FastifyBaseLogger },
): Promise<WithMessage<AnswerOf<typeof opsResolveUnappliedFund>>> {
  const { operator, request, now } = input;
  const choice = request.repayType ? { repayType: request.repayType, periods: request.periods } : undefined;
  await resolveUnappliedFund(db, payments, { id: request.id, action: request.action, choice, operator, note: request.note, now });
  input.log.info(
    { operatorId: operator.id, fundId: request.id, action: request.action, repayType: request.repayType },
    'unapplied fund resolved',
  );
  const row = await fundListRow(db, request.id);
  if (!row) throw notFound();
  return { message: request.action === 'apply' ? 'fundApplied' : 'fundRefunded', data: await toOpsFund(db, row, now) };
}
