import type { FastifyInstance } from 'fastify';
import { devPaymentsSimulate, devSmsOutbox } from '@lendview/contracts';
import { formatMoney } from '../../i18n/format.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { SandboxPaymentProvider } from '../../providers/payments.ts';
import { findPaymentByVcode } from '../../repositories/payments.ts';
import { latestOutboxMessages } from '../../repositories/sms-outbox.ts';
import { processSignedCallback } from '../../services/repayment.ts';
import {
  devFixturesComplaint,
  devFixturesOperator,
  devFixturesOrder,
  makeFixtureComplaint,
  makeFixtureOperator,
  makeFixtureOrder,
} from './fixtures.ts';

/** Demo mode only (app.ts registers this folder only when demo is on; otherwise /dev/* is a 404). */
export default async function devRoutes(app: FastifyInstance) {
  registerEndpoint(app, devSmsOutbox, {
    fieldMessages: { phone: 'phoneInvalid' },
    handler: async ({ input, db }) => ({
      messages: (await latestOutboxMessages(db, input.phone)).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    }),
  });

  /**
   * Pays a virtual account or mini-market code the way the sandbox's own "simulate payment" call does: the
   * sandbox signs a payment event (the code's amount, or `amount` to try a wrong one) and sends it through the
   * same callback path as a real callback. A replaced or expired code is paid too (a payment crossing the
   * expiry, which a real aggregator can deliver): the ledger records it and applies or holds it. The sandbox pays
   * each code once (its event id derives from the bill: SandboxPaymentProvider.paidEvent), so simulating again
   * answers "already applied". Unknown code: NOT_FOUND.
   */
  registerEndpoint(app, devPaymentsSimulate, {
    handler: async ({ input, db, now, lang, req, setSuccessMessage }) => {
      const sandbox = app.payments;
      if (!(sandbox instanceof SandboxPaymentProvider)) throw notFound();
      const payment = await findPaymentByVcode(db, input.vcode);
      if (!payment) throw notFound();
      const { rawBody, signature } = sandbox.paidEvent({
        reference: payment.reference,
        vcode: payment.vcode,
        channel: payment.channel,
        amount: input.amount ?? payment.amount,
        paidAt: now,
      });
      const result = await processSignedCallback(sandbox, db, rawBody, signature, now, req.log);
      if (!result.applied) setSuccessMessage('paymentAlreadyApplied');
      else if (result.unapplied > 0) setSuccessMessage('paymentHeld', { amount: formatMoney(result.unapplied, lang) });
      else setSuccessMessage('paymentApplied');
      return { applied: result.applied, orderStatus: result.orderStatus };
    },
  });

  /**
   * A fresh borrower with its own session and one order in a demo order's state (fixtures.ts), for tests that
   * change orders: each e2e test gets orders no other test reads, so the suite runs on parallel workers.
   */
  registerEndpoint(app, devFixturesOrder, {
    handler: async ({ input, db, now }) => {
      const made = await makeFixtureOrder(db, { ...input, cardKey: app.cardFingerprintSecret, now });
      if (!made) throw unauthorized();
      return made;
    },
  });

  /** A complaint filed `ageDays` ago (fixtures.ts), so the support console's overdue handling can be tested end to end. */
  registerEndpoint(app, devFixturesComplaint, {
    handler: ({ input, db, now }) => makeFixtureComplaint(db, { ageDays: input.ageDays, cardKey: app.cardFingerprintSecret, now }),
  });

  /** An operator account of the test's own with its own authenticator secret (fixtures.ts), so no sign-in waits. */
  registerEndpoint(app, devFixturesOperator, {
    handler: ({ input, db, now }) => makeFixtureOperator(db, { role: input.role, totpKey: app.opsTotpKey, now }),
  });
}
