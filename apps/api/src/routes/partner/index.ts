import type { FastifyInstance } from 'fastify';
import { partnerExchange } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { exchangePartnerCode } from '../../services/partner.ts';

/**
 * The partner API (server to server, never called by a page): `POST /partner/api/exchange` trades a joint-login
 * code for the minimum a partner needs (docs/api.md "Partner joint login"; services/partner.ts).
 */
export default async function partnerRoutes(app: FastifyInstance) {
  registerEndpoint(app, partnerExchange, {
    handler: ({ input, db, now, req }) =>
      exchangePartnerCode(db, {
        authorization: req.headers.authorization,
        code: input.code,
        now,
        refused: (productId) => req.log.info({ partner: productId }, 'partner code refused'),
      }),
  });
}
