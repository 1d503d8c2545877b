import type { FastifyInstance } from 'fastify';
import { googleScore, loanDetails } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { loanDetailsOf, rateApp } from '../../services/loan-details.ts';

/** Loan details V3 (spec 2.5, 3, 4.9) and the app rating; services/loan-details.ts. */
export default async function loanDetailsRoutes(app: FastifyInstance) {
  registerEndpoint(app, loanDetails, {
    auth: true,
    handler: ({ input, db, now, lang, borrower }) => loanDetailsOf(db, { borrower, ...input, now, lang }),
  });

  registerEndpoint(app, googleScore, {
    auth: true,
    fieldMessages: { score: 'scoreInvalid' },
    successMessage: 'ratingThanks',
    handler: ({ input, db, now, borrower }) => rateApp(db, { borrowerId: borrower.id, orderId: input.orderId, score: input.score, now }),
  });
}
