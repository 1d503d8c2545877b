import type { FastifyInstance } from 'fastify';
import { repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { cardRepaymentOptions, commitCardRepayment, confirmCardRepayment, hostedRepayment } from '../../services/card-repayment.ts';
import cardRoutes from './cards.ts';

/**
 * The legacy bank-card repayment (spec 3 "Legacy repay store", 4.3, 7.3, 8) under
 * /api/v1/lendview/service/loan/. The rules and transactions are services/card-repayment.ts; docs/repayment.md.
 */
export default async function cardRepaymentRoutes(app: FastifyInstance) {
  registerEndpoint(app, repaymentWay, {
    auth: true,
    handler: ({ input, db, borrower, now }) => cardRepaymentOptions(db, { borrower, request: input, now }),
  });

  // bind-card, bind-card-verify, bind-card-send-code: cards.ts (a card is charged only once verified).
  await cardRoutes(app);

  registerEndpoint(app, repaymentCommit, {
    auth: true,
    handler: async ({ input, db, borrower, now, lang, setSuccessMessage }) => {
      const answer = await commitCardRepayment({ db, payments: app.payments, sms: app.sms }, { borrower, request: input, now, lang });
      setSuccessMessage(answer.message);
      return answer.data;
    },
  });

  registerEndpoint(app, repaymentConfirm, {
    auth: true,
    successMessage: 'repayPaid',
    handler: ({ input, db, borrower, now }) => confirmCardRepayment({ db, payments: app.payments }, { borrower, request: input, now }),
  });

  registerEndpoint(app, repaymentHuichao, {
    auth: true,
    successMessage: 'repayRedirect',
    handler: ({ input, db, borrower, now, lang }) =>
      hostedRepayment({ db, payments: app.payments }, { borrower, request: input, now, lang }),
  });
}
