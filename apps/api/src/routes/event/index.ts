import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/types.ts';
import { eventSave } from '@lendview/contracts';
import { notFound, rateLimited } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { saveProductEvent } from '../../repositories/events.ts';
import { BORROWER_LIMITS, capRule, hitRateLimit } from '../../repositories/rate-limits.ts';
import { productExists } from '../../repositories/products.ts';

/**
 * Events of all kinds (product, page, stand) per borrower per minute (BORROWER_LIMITS.eventsPerMinute, counted
 * in the database): a page sends a few; past the cap a script gets 429 and nothing is stored.
 */
export async function enforceEventCap(db: Queryable, borrowerId: number, now: Date): Promise<void> {
  const cap = await hitRateLimit(db, capRule('events', borrowerId, BORROWER_LIMITS.eventsPerMinute), now);
  if (!cap.allowed) throw rateLimited('tooManyRequests', cap.retryAfterSeconds);
}

/** Spec 7.6 event save (moduleId 30 = borrow again, positionId 0): a product_events row of kind 'product'. */
export default async function eventRoutes(app: FastifyInstance) {
  registerEndpoint(app, eventSave, {
    auth: true,
    handler: async ({ input, db, now, borrower }) => {
      await enforceEventCap(db, borrower.id, now);
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
