import type { FastifyBaseLogger } from 'fastify';
import type { devPaymentsSimulate, devSmsOutbox } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { formatMoney } from '../i18n/format.ts';
import type { Lang } from '../i18n/messages.ts';
import type { AnswerOf, InputOf, WithMessage } from '../lib/endpoint.ts';
import { notFound } from '../lib/errors.ts';
import { SandboxPaymentProvider, type PaymentProvider } from '../providers/payments.ts';
import { findPaymentByVcode } from '../repositories/payments.ts';
import { latestOutboxMessages } from '../repositories/sms-outbox.ts';
import { processSignedCallback } from './repayment.ts';

/** The demo-only tools of routes/dev (demo mode only; otherwise /dev/* is a 404). */

/** The latest SMS messages written to the local outbox for `phone` (what a gateway would have sent). */
export async function outboxOf(db: Db, input: InputOf<typeof devSmsOutbox>): Promise<AnswerOf<typeof devSmsOutbox>> {
  return {
    messages: (await latestOutboxMessages(db, input.phone)).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

/**
 * Pays a virtual account or mini-market code the way the sandbox's own "simulate payment" call does: the
 * sandbox signs a payment event (the code's amount, or `amount` to try a wrong one) and sends it through the
 * same callback path as a real callback. A replaced or expired code is paid too (a payment crossing the
 * expiry, which a real aggregator can deliver): the ledger records it and applies or holds it. The sandbox pays
 * each code once (its event id derives from the bill: SandboxPaymentProvider.paidEvent), so simulating again
 * answers "already applied". Unknown code, or a provider that is not the sandbox: NOT_FOUND.
 */
export async function simulatePayment(
  deps: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  input: { request: InputOf<typeof devPaymentsSimulate>; now: Date; lang: Lang },
): Promise<WithMessage<AnswerOf<typeof devPaymentsSimulate>>> {
  const sandbox = deps.payments;
  if (!(sandbox instanceof SandboxPaymentProvider)) throw notFound();
  const payment = await findPaymentByVcode(deps.db, input.request.vcode);
  if (!payment) throw notFound();
  const { rawBody, signature } = sandbox.paidEvent({
    reference: payment.reference,
    vcode: payment.vcode,
    channel: payment.channel,
    amount: input.request.amount ?? payment.amount,
    paidAt: input.now,
  });
  const result = await processSignedCallback(sandbox, deps.db, rawBody, signature, input.now, deps.log);
  const data = { applied: result.applied, orderStatus: result.orderStatus };
  if (!result.applied) return { message: 'paymentAlreadyApplied', data };
  if (result.unapplied > 0) return { message: 'paymentHeld', vars: { amount: formatMoney(result.unapplied, input.lang) }, data };
  return { message: 'paymentApplied', data };
}
