import type { FastifyInstance } from 'fastify';
import { eventSave } from '@lendview/contracts';
import { notFound } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { saveProductEvent } from '../../repositories/events.ts';
import { productExists } from '../../repositories/products.ts';

/** Spec 7.6 event save (moduleId 30 = borrow again, positionId 0): a product_events row of kind 'product'. */
export default async function eventRoutes(app: FastifyInstance) {
  registerEndpoint(app, eventSave, {
    auth: true,
    handler: async ({ input, db, now, borrower }) => {
      if (!(await productExists(db, input.productId))) throw notFound();
      await saveProductEvent(db, {
        kind: 'product',
        borrowerId: borrower.id,
        productId: input.productId,
        moduleId: input.moduleId,
        positionId: input.positionId,
        now,
      });
      return { saved: true };
    },
  });
}
