import type { FastifyInstance } from 'fastify';
import { bindCardSendCode, bindCardStart, bindCardVerify } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { resendCardBinding, startCardBinding, verifyCardBinding } from '../../services/card-binding.ts';

/**
 * Card binding under /api/v1/lendview/service/loan/ (issue 11 item 7; docs/repayment.md "Card binding"):
 * bind-card → an SMS code → bind-card-verify; bind-card-send-code for another code. Registered by index.ts.
 */
export default async function cardRoutes(app: FastifyInstance) {
  registerEndpoint(app, bindCardStart, {
    auth: true,
    handler: async ({ input, db, borrower, now, lang, setSuccessMessage }) => {
      const deps = { db, payments: app.payments, sms: app.sms, secret: app.cardFingerprintSecret };
      const answer = await startCardBinding(deps, { borrower, request: input, now, lang });
      setSuccessMessage(answer.message);
      return answer.data;
    },
  });

  registerEndpoint(app, bindCardVerify, {
    auth: true,
    successMessage: 'cardBound',
    handler: ({ input, db, borrower, now }) => verifyCardBinding(db, { borrower, request: input, now }),
  });

  registerEndpoint(app, bindCardSendCode, {
    auth: true,
    successMessage: 'cardCodeSent',
    handler: ({ input, db, borrower, now, lang }) => resendCardBinding({ db, sms: app.sms }, { borrower, request: input, now, lang }),
  });
}
