import type { FastifyInstance } from 'fastify';
import { delayDetail, generateVcode, initPayType, loanPlayDetail, paymentState, vcodeForPage, vcodeOnFile } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { codeForPage, codeOnFile, issueRepaymentCode, payTypeOptions, paymentStateOf } from '../../services/repayment-codes.ts';
import { extensionDetailOf, instalmentPlanOf } from '../../services/repayment-views.ts';

/**
 * Virtual-account / mini-market repayment (spec 2.5, 3, 4.6, 4.7, 7.6): the method lists, payment codes,
 * the extension detail and the instalment plan. The rules and the code-issuing transaction live in
 * services/repayment-codes.ts and services/repayment-views.ts; docs/repayment.md.
 */
export default async function repaymentRoutes(app: FastifyInstance) {
  registerEndpoint(app, initPayType, {
    auth: true,
    fieldMessages: { pay_type: 'payMethodIncomplete' },
    handler: ({ input, db, borrower }) => payTypeOptions(db, borrower, input),
  });

  registerEndpoint(app, generateVcode, {
    auth: true,
    fieldMessages: { pay_type: 'payMethodIncomplete' },
    successMessage: 'vcodeIssued',
    handler: ({ input, db, borrower, now, lang }) => issueRepaymentCode(db, app.payments, { borrower, request: input, now, lang }),
  });

  // Read only: what generate-vcode would answer again (issue 14, /that's server rendering).
  registerEndpoint(app, vcodeOnFile, {
    auth: true,
    fieldMessages: { pay_type: 'payMethodIncomplete' },
    handler: async ({ input, db, borrower, now, lang }) => ({ code: await codeOnFile(db, { borrower, request: input, now, lang }) }),
  });

  // Issue 33: /that's server rendering; generate-vcode's code, issued on a first visit unless it would replace another
  // live code of the order (then null: the browser asks). docs/repayment.md "The code of a page load".
  registerEndpoint(app, vcodeForPage, {
    auth: true,
    fieldMessages: { pay_type: 'payMethodIncomplete' },
    handler: async ({ input, db, borrower, now, lang }) => ({
      code: await codeForPage(db, app.payments, { borrower, request: input, now, lang }),
    }),
  });

  registerEndpoint(app, paymentState, {
    auth: true,
    handler: ({ input, db, borrower, now, lang }) => paymentStateOf(db, { borrower, ...input, now, lang }),
  });

  registerEndpoint(app, delayDetail, {
    auth: true,
    handler: ({ input, db, borrower, now, lang }) => extensionDetailOf(db, { borrower, ...input, now, lang }),
  });

  registerEndpoint(app, loanPlayDetail, {
    auth: true,
    handler: ({ input, db, borrower, now, lang }) => instalmentPlanOf(db, { borrower, ...input, now, lang }),
  });
}
