import type { FastifyInstance } from 'fastify';
import { devPaymentsSimulate, devSmsOutbox } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { unauthorized } from '../../lib/errors.ts';
import { makeFixtureComplaint, makeFixtureOperator, makeFixtureOrder } from '../../services/dev-fixtures.ts';
import { outboxOf, simulatePayment } from '../../services/dev-tools.ts';
import { devFixturesComplaint, devFixturesOperator, devFixturesOrder } from './fixtures.ts';

/** Demo mode only (app.ts registers this folder only when demo is on; otherwise /dev/* is a 404). */
export default async function devRoutes(app: FastifyInstance) {
  registerEndpoint(app, devSmsOutbox, {
    fieldMessages: { phone: 'phoneInvalid' },
    handler: ({ input, db }) => outboxOf(db, input),
  });

  /** Pays a code the way the sandbox's "simulate payment" does, through the real callback path (services/dev-tools.ts). */
  registerEndpoint(app, devPaymentsSimulate, {
    handler: async ({ input, db, now, lang, req, setSuccessMessage }) => {
      const answer = await simulatePayment({ db, payments: app.payments, log: req.log }, { request: input, now, lang });
      setSuccessMessage(answer.message, answer.vars);
      return answer.data;
    },
  });

  /**
   * A fresh borrower with its own session and one order in a demo order's state (services/dev-fixtures.ts), for tests that
   * change orders: each e2e test gets orders no other test reads, so the suite runs on parallel workers.
   */
  registerEndpoint(app, devFixturesOrder, {
    handler: async ({ input, db, now }) => {
      const made = await makeFixtureOrder(db, { ...input, cardKey: app.cardFingerprintSecret, now });
      if (!made) throw unauthorized();
      return made;
    },
  });

  /** A complaint filed `ageDays` ago (services/dev-fixtures.ts), so the support console's overdue handling can be tested end to end. */
  registerEndpoint(app, devFixturesComplaint, {
    handler: ({ input, db, now }) => makeFixtureComplaint(db, { ageDays: input.ageDays, cardKey: app.cardFingerprintSecret, now }),
  });

  /** An operator account of the test's own with its own authenticator secret (services/dev-fixtures.ts), so no sign-in waits. */
  registerEndpoint(app, devFixturesOperator, {
    handler: ({ input, db, now }) => makeFixtureOperator(db, { role: input.role, totpKey: app.opsTotpKey, now }),
  });
}
