import type { FastifyInstance } from 'fastify';
import { pageEventSave, productApply, recommendProductList, standJoint, standNecessity, standTargeted } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import {
  applyFromMarket,
  applyFromStand,
  recommendedProducts,
  recordProductEvent,
  recordStandEvent,
  standPage,
} from '../../services/market.ts';

/** Spec 7.5: products and recommendations under {seg2} = /market. Every call needs a borrower session. services/market.ts. */
export default async function marketRoutes(app: FastifyInstance) {
  registerEndpoint(app, recommendProductList, {
    auth: true,
    handler: ({ input, db, now, lang }) => recommendedProducts(db, { scene: input.scene, now, lang }),
  });

  /** Recommendation click tracking (fire and forget on the client). */
  registerEndpoint(app, pageEventSave, {
    auth: true,
    handler: ({ input, db, now, borrower }) => recordProductEvent(db, { kind: 'page', borrowerId: borrower.id, ...input, now }),
  });

  registerEndpoint(app, productApply, {
    auth: true,
    handler: ({ input, db, now, borrower }) => applyFromMarket(db, { borrowerId: borrower.id, request: input, now }),
  });

  registerEndpoint(app, standTargeted, {
    auth: true,
    handler: ({ input, db, now, lang }) => standPage(db, { request: input, now, lang }),
  });

  registerEndpoint(app, standNecessity, {
    auth: true,
    handler: ({ input, db, now, lang, borrower }) => recordStandEvent(db, { borrowerId: borrower.id, request: input, now, lang }),
  });

  registerEndpoint(app, standJoint, {
    auth: true,
    handler: ({ input, db, now, lang, borrower }) => applyFromStand(db, { borrowerId: borrower.id, request: input, now, lang }),
  });
}
