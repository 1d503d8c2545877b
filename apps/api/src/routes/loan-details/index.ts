import type { FastifyInstance } from 'fastify';
import { googleScore, loanDetails, orderKeyFacts } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { ownLoanKeyFacts } from '../../services/kfs.ts';
import { loanDetailsOf, rateApp } from '../../services/loan-details.ts';

/** Loan details V3 (spec 2.5, 3, 4.9) and the app rating; services/loan-details.ts. */
export default async function loanDetailsRoutes(app: FastifyInstance) {
  registerEndpoint(app, loanDetails, {
    auth: true,
    handler: ({ input, db, now, lang, borrower }) => loanDetailsOf(db, { borrower, ...input, now, lang }),
  });

  // Issue 18: the key facts statement of one of the borrower's loans (services/kfs.ts).
  registerEndpoint(app, orderKeyFacts, {
    auth: true,
    handler: ({ input, db, now, lang, borrower }) => ownLoanKeyFacts(db, { borrower, ...input, now, lang }),
  });

  registerEndpoint(app, googleScore, {
    auth: true,
    fieldMessages: { score: 'scoreInvalid' },
    successMessage: 'ratingThanks',
    handler: ({ input, db, now, borrower }) => rateApp(db, { borrowerId: borrower.id, orderId: input.orderId, score: input.score, now }),
  });
}
