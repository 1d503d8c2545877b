import type { FastifyInstance } from 'fastify';
import { ErrorCode, partnerExchange } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { findPartnerByKey, maskPhone, partnerUserId, redeemPartnerCode } from './store.ts';

const BEARER = /^Bearer\s+(lvp_[A-Za-z0-9_-]{20,128})\s*$/i;

/**
 * The partner API (server to server, never called by a page): `POST /partner/api/exchange` trades a joint-login
 * code for the minimum a partner needs (docs/api.md "Partner joint login").
 */
export default async function partnerRoutes(app: FastifyInstance) {
  registerEndpoint(app, partnerExchange, {
    handler: async ({ input, db, now, req }) => {
      const header = req.headers.authorization;
      const key = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
      const partner = key ? await findPartnerByKey(db, key) : null;
      if (!partner) throw new ApiError(ErrorCode.unauthorized, 'partnerUnauthorized');
      const redeemed = await redeemPartnerCode(db, { code: input.code, productId: partner.productId, now });
      if (!redeemed) {
        req.log.info({ partner: partner.productId }, 'partner code refused');
        throw badRequest('partnerCodeInvalid');
      }
      return {
        partnerUserId: partnerUserId(partner.pseudonymKey, redeemed.borrowerId),
        productId: partner.productId,
        phoneMasked: maskPhone(redeemed.phone),
        issuedAt: redeemed.issuedAt.toISOString(),
      };
    },
  });
}
