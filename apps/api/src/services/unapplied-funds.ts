import type { FastifyBaseLogger } from 'fastify';
import type { OpsUnappliedFund, opsResolveUnappliedFund, opsUnappliedFunds } from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf, InputOf, WithMessage } from '../lib/endpoint.ts';
import { notFound } from '../lib/errors.ts';
import type { Operator } from '../lib/operator-auth.ts';
import { maskPhone } from '../lib/phones.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import { fundListRow, listUnappliedFunds, type FundListRow } from '../repositories/ledger.ts';
import { findOwnOrder } from '../repositories/orders.ts';
import { getLateChargeCapPercent } from '../repositories/settings.ts';
import { outstandingOf } from './loans.ts';
import { resolveUnappliedFund } from './repayment.ts';

/** Money held by the ledger, as the support role sees and resolves it (docs/repayment.md "Unapplied funds"). */

/** An unapplied fund as the operator list shows it, with what its order asks now (full repayment). */
async function toOpsFund(db: Queryable, row: FundListRow, now: Date): Promise<OpsUnappliedFund> {
  const full = await findOwnOrder(db, row.borrowerId, row.orderNo);
  const owes = full ? outstandingOf(full, row.isRepeatClient, jakartaDate(now), await getLateChargeCapPercent(db)).owed : 0;
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
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedByName ?? '',
    refundId: row.refundId ?? '',
    note: row.note,
  };
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
  await resolveUnappliedFund(db, payments, { id: request.id, action: request.action, operatorId: operator.id, note: request.note, now });
  input.log.info({ operatorId: operator.id, fundId: request.id, action: request.action }, 'unapplied fund resolved');
  const row = await fundListRow(db, request.id);
  if (!row) throw notFound();
  return { message: request.action === 'apply' ? 'fundApplied' : 'fundRefunded', data: await toOpsFund(db, row, now) };
}
