import type { FastifyInstance } from 'fastify';
import { opsConsentList } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { requireOperator } from '../../lib/operator-auth.ts';
import { consentRecordsOf } from '../../services/consents.ts';

/** `GET /ops/api/consents?orderNo=`: the consent records of a loan (issue 12 item 4), for the support role. */
export default async function opsConsentRoutes(app: FastifyInstance) {
  registerEndpoint(app, opsConsentList, {
    handler: async ({ input, db, req }) => {
      await requireOperator(req, db, 'support');
      return consentRecordsOf(db, input.orderNo);
    },
  });
}
