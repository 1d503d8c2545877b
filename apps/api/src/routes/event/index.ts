import type { FastifyInstance } from 'fastify';
import { eventSave } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { recordProductEvent } from '../../services/market.ts';

/** Spec 7.6 event save (moduleId 30 = borrow again, positionId 0): a product_events row of kind 'product'. */
export default async function eventRoutes(app: FastifyInstance) {
  registerEndpoint(app, eventSave, {
    auth: true,
    handler: ({ input, db, now, borrower }) => recordProductEvent(db, { kind: 'product', borrowerId: borrower.id, ...input, now }),
  });
}
