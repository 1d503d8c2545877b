import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type RepayType, type UnappliedReason } from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { formatMoney } from '../i18n/format.ts';
import { t, type Lang, type MessageKey } from '../i18n/messages.ts';
import { ApiError, badRequest, notFound, paymentRefused } from '../lib/errors.ts';
import { withRetriedTransaction } from '../lib/transaction-retry.ts';
import type { PaymentEvent, PaymentProvider } from '../providers/payments.ts';
import {
  NO_ALLOCATION,
  allocationTotal,
  appliedSince,
  insertLedgerEntry,
  insertUnappliedFund,
  type Allocation,
  type LedgerEntry,
} from '../repositories/ledger.ts';
import { lockOrder, orderStatus, type Order } from '../repositories/orders.ts';
import {
  cancelPending,
  eventSeen,
  findPaymentByReference,
  markExpiredAtProvider,
  markPaid,
  pendingPayments,
  recordEvent,
  type Payment,
  type PaymentMethod,
} from '../repositories/payments.ts';
import { recordUnmatchedCallback, unmatchedReasonOf } from './unmatched-callbacks.ts';
import { REPAYING_STATUSES } from './loans.ts';
import { ALL_METHODS, type Applied, applyBreakdown, breakdownOf, breakdownTotal, repaymentOptions } from './repayment-dues.ts';

async function applyAsOwedToday(
  tx: Queryable,
  order: Order,
  intent: { repayType: RepayType; periods: number | null; extend: boolean },
  amount: number,
  paidAt: Date,
): Promise<Applied | null> {
  const options = (await repaymentOptions(tx, order, { amount, asked: intent, extend: intent.extend, paidAt })).filter(
    (o) => o.covered && o.payableFrom === null,
  );
  const instalments = options.filter((o) => o.repayType === 'installment');
  const ordered = [
    options.find((o) => o.repayType === intent.repayType && (intent.repayType !== 'installment' || o.periods === (intent.periods ?? 1))),
    options.find((o) => o.repayType === 'full'),
    instalments[instalments.length - 1],
  ];
  for (const option of ordered) {
    if (!option) continue;
    const applied = await applyBreakdown(tx, order, breakdownOf(option.due), paidAt);
    if (applied) return applied;
  }
  return null;
}

export async function expireAtProvider(
  tx: Queryable,
  provider: PaymentProvider,
  cancelled: Payment[],
  now: Date,
  strict: boolean,
): Promise<void> {
  for (const p of cancelled) {
    if (p.method === 'card') continue; // a card record is charged only by us (confirm), nothing is payable
    try {
      await provider.expire({ reference: p.reference, vcode: p.vcode, channel: p.channel });
    } catch (err) {
      if (strict) throw new ApiError(ErrorCode.paymentRefused, 'providerUnavailable', undefined, { status: 503 });
      // Settlement goes on (the money is in); the code stays marked as not expired at the provider.
      void err;
      continue;
    }
    await markExpiredAtProvider(tx, p.id, now);
  }
}

/**
 * Replacing codes (generate-vcode, repayment-huichao): the order's pending payments of `methods` are expired at
 * the provider first, then cancelled here, so a second number is never live without our knowing. A provider
 * that refuses → PAYMENT_REFUSED 503 'The payment service is not available…' and nothing is issued.
 */
export async function replacePendingCodes(
  tx: Queryable,
  provider: PaymentProvider,
  orderNo: string,
  methods: readonly PaymentMethod[],
  now: Date,
): Promise<void> {
  const pending = await pendingPayments(tx, orderNo, methods);
  for (const p of pending) {
    try {
      await provider.expire({ reference: p.reference, vcode: p.vcode, channel: p.channel });
    } catch {
      throw new ApiError(ErrorCode.paymentRefused, 'providerUnavailable', undefined, { status: 503 });
    }
  }
  await cancelPending(tx, orderNo, methods, null);
  for (const p of pending) await markExpiredAtProvider(tx, p.id, now);
}

export interface Received {
  orderStatus: number;
  entry: LedgerEntry;
  /** Held for an operator (0 when everything was applied). */
  unapplied: number;
}

/**
 * Money the provider reported for `payment` (a callback, a card charge), inside the caller's transaction, with
 * the order row locked first (docs/repayment.md "Locks"). Always recorded (one ledger entry; the caller checked
 * it is not a repeat): applied as issued when the code was live and the amount covers it, else to what the order
 * asks today (applyAsOwedToday); what is left is held as an unapplied fund. When something was applied, every
 * other pending payment of the order is cancelled (and expired at the provider): their amounts no longer hold.
 * A second payment on a code already paid is money too: recorded the same way (the code keeps its first payment's
 * time and event), and what it cannot pay is held as 'code_already_paid'.
 */
export async function receiveMoney(
  tx: Queryable,
  provider: PaymentProvider,
  input: { payment: Payment; amount: number; paidAt: Date; providerEvent: string; now: Date },
): Promise<Received> {
  const { payment, amount, paidAt, now } = input;
  const order = await lockOrder(tx, payment.orderNo);
  const repaying = order !== null && REPAYING_STATUSES.has(order.status);
  const inTime = payment.state === 'pending' && payment.expiresAt.getTime() > paidAt.getTime();
  let applied: Applied | null = null;
  if (order && repaying) {
    if (inTime && amount >= breakdownTotal(breakdownOf(payment))) applied = await applyBreakdown(tx, order, breakdownOf(payment), paidAt);
    // A stale extension code (replaced or expired) extends only if nothing was applied to the order since it was
    // issued: paid after another payment extended or repaid the loan, it would buy an extension nobody asked for.
    const extend = inTime || !(await appliedSince(tx, payment.orderNo, payment.createdAt));
    applied ??= await applyAsOwedToday(tx, order, { repayType: payment.repayType, periods: payment.periods, extend }, amount, paidAt);
  }
  const allocation: Allocation = applied ?? NO_ALLOCATION;
  const rest = amount - allocationTotal(allocation);
  if (payment.state !== 'paid') await markPaid(tx, payment.id, paidAt, input.providerEvent);
  const entry = await insertLedgerEntry(tx, {
    providerEvent: input.providerEvent,
    paymentId: payment.id,
    orderNo: payment.orderNo,
    borrowerId: payment.borrowerId,
    amount,
    repayType: applied?.repayType ?? payment.repayType,
    periods: applied?.periods ?? [],
    principal: allocation.principal,
    interest: allocation.interest,
    latePenalty: allocation.latePenalty,
    lateInterest: allocation.lateInterest,
    extensionFee: allocation.extensionFee,
    unapplied: rest,
    paidAt,
    receivedAt: now,
  });
  if (rest > 0) {
    const reason: UnappliedReason = applied
      ? 'overpayment'
      : payment.state === 'paid'
        ? 'code_already_paid'
        : payment.state === 'cancelled'
          ? 'code_replaced'
          : !inTime
            ? 'code_expired'
            : repaying
              ? 'short_payment'
              : 'order_settled';
    await insertUnappliedFund(tx, { ledgerEntryId: entry.id, orderNo: payment.orderNo, amount: rest, reason, createdAt: now });
  }
  if (applied) {
    const cancelled = await cancelPending(tx, payment.orderNo, ALL_METHODS, payment.id);
    await expireAtProvider(tx, provider, cancelled, now, false);
  }
  return { orderStatus: applied?.orderStatus ?? order?.status ?? 0, entry, unapplied: rest };
}

export interface ApplyResult {
  /** false: this event was recorded before (a redelivery); nothing changed now. */
  applied: boolean;
  reference: string;
  orderNo: string;
  orderStatus: number;
  /** What this event left held for an operator (0 when all of it was applied, or on a repeat). */
  unapplied: number;
}

/**
 * Records a verified provider event once, in one transaction (retried on a deadlock or serialization failure),
 * taking the order row first, then the payment (the lock order of every money path):
 * unknown reference → NOT_FOUND; vcode or channel not the payment's → PAYMENT_REFUSED (a provider error, nothing
 * recorded); event id recorded before → nothing (applied false); otherwise the money is recorded whatever state
 * the code is in, paid before included (receiveMoney): applied to the order, or held as an unapplied fund.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
  body: unknown,
  now: Date,
): Promise<ApplyResult> {
  return withRetriedTransaction(db, async (tx) => {
    const seen = await findPaymentByReference(tx, event.reference);
    if (!seen) throw notFound();
    // Order row first, then the payment: the order a new-code request or a card commit takes too.
    await lockOrder(tx, seen.orderNo);
    const payment = (await findPaymentByReference(tx, event.reference, { forUpdate: true }))!;
    const done = { applied: false, reference: payment.reference, orderNo: payment.orderNo, unapplied: 0 };
    if (payment.vcode !== event.vcode || payment.channel !== event.channel) throw paymentRefused('callbackMismatch');
    // A repeat is this event delivered again (every ledger entry stores its event in the same transaction, and
    // ledger_entries.provider_event is unique as a further guard). Another event on a code already paid is a second
    // payment: money received, so it is recorded like any other (a provider may accept a closed code twice, a shop
    // may ring twice).
    if (await eventSeen(tx, event.id)) {
      return { ...done, orderStatus: await orderStatus(tx, payment.orderNo) };
    }
    // The provider's payment time, never later than our clock.
    const paidAt = event.paidAt.getTime() > now.getTime() ? now : event.paidAt;
    const received = await receiveMoney(tx, provider, { payment, amount: event.amount, paidAt, providerEvent: event.id, now });
    await recordEvent(tx, { eventId: event.id, paymentId: payment.id, amount: event.amount, body, receivedAt: now });
    return { ...done, applied: true, orderStatus: received.orderStatus, unapplied: received.unapplied };
  });
}

/**
 * A card charged at once through the provider (legacy commit / confirm, the order already locked by the caller):
 * the charge is recorded in the ledger and applied like any payment, and stored as the payment's event.
 */
export async function applyCardCharge(
  tx: Queryable,
  provider: PaymentProvider,
  payment: Payment,
  chargeId: string,
  now: Date,
): Promise<{ orderStatus: number }> {
  const received = await receiveMoney(tx, provider, { payment, amount: payment.amount, paidAt: now, providerEvent: chargeId, now });
  await recordEvent(tx, {
    eventId: chargeId,
    paymentId: payment.id,
    amount: payment.amount,
    body: { type: 'card.charged', chargeId, reference: payment.reference, amount: payment.amount },
    receivedAt: now,
  });
  return { orderStatus: received.orderStatus };
}

/**
 * The one path of every provider callback (the HTTP route, and in demo mode the sandbox's simulate call and its
 * hosted page): verify the signature over the raw body (missing or wrong → UNAUTHORIZED, nothing read further,
 * nothing recorded), parse the event (not an event → BAD_REQUEST), then record it once (applyPaymentEvent).
 * A signature-valid callback refused as not an event, for an unknown bill or a code/channel not the bill's is
 * kept for an operator (services/unmatched-callbacks.ts, its own statement), then refused exactly as before.
 */
export async function processSignedCallback(
  provider: PaymentProvider,
  db: Db,
  rawBody: string,
  signature: string | undefined,
  now: Date,
  log: FastifyBaseLogger,
): Promise<ApplyResult> {
  const verdict = provider.verifyCallback(rawBody, signature);
  if (!verdict.ok) {
    if (verdict.reason === 'signature') throw new ApiError(ErrorCode.unauthorized, 'callbackSignatureInvalid');
    await recordUnmatchedCallback(db, { reason: 'malformed', rawBody, now, log });
    throw badRequest('callbackMalformed');
  }
  try {
    return await applyPaymentEvent(db, provider, verdict.event, JSON.parse(rawBody) as unknown, now);
  } catch (err) {
    const reason = unmatchedReasonOf(err);
    if (reason) await recordUnmatchedCallback(db, { reason, rawBody, now, log });
    throw err;
  }
}

/** The success message of a recorded payment event: applied, held (naming what is held) or a repeat. */
export function paymentEventMessage(result: ApplyResult, lang: Lang): { key: MessageKey; vars?: Record<string, string> } {
  if (!result.applied) return { key: 'paymentAlreadyApplied' };
  if (result.unapplied > 0) return { key: 'paymentHeld', vars: { amount: formatMoney(result.unapplied, lang) } };
  return { key: 'paymentApplied' };
}

/**
 * The provider's callback as the HTTP route answers it (processSignedCallback): what the envelope carries and
 * its message. A refusal is logged (code and reason) and thrown on, to become its envelope.
 */
export async function receiveCallback(
  provider: PaymentProvider,
  db: Db,
  input: { rawBody: string; signature: string | undefined; now: Date; lang: Lang; log: FastifyBaseLogger },
): Promise<{ data: { applied: boolean; reference: string; orderStatus: number }; message: string }> {
  try {
    const result = await processSignedCallback(provider, db, input.rawBody, input.signature, input.now, input.log);
    input.log.info({ reference: result.reference, applied: result.applied, unapplied: result.unapplied }, 'payment callback');
    const message = paymentEventMessage(result, input.lang);
    return {
      data: { applied: result.applied, reference: result.reference, orderStatus: result.orderStatus },
      message: t(input.lang, message.key, message.vars),
    };
  } catch (err) {
    if (err instanceof ApiError) input.log.warn({ code: err.code, reason: err.messageKey }, 'payment callback refused');
    throw err;
  }
}
