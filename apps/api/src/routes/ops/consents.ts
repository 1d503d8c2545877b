import type { FastifyInstance } from 'fastify';
import { opsConsentList } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { requireOperator } from '../../lib/operator-auth.ts';
import { listConsentsOfOrder } from '../../repositories/consents.ts';
import { maskPhone } from '../../lib/phones.ts';

/**
 * `GET /ops/api/consents?orderNo=`: the consent records of a loan (issue 12 item 4), for the support role. Read
 * only: loan_consents refuses UPDATE and DELETE. An order without records (or unknown) answers an empty list.
 */
export default async function opsConsentRoutes(app: FastifyInstance) {
  registerEndpoint(app, opsConsentList, {
    handler: async ({ input, db, req }) => {
      await requireOperator(req, db, 'support');
      const rows = await listConsentsOfOrder(db, input.orderNo);
      return {
        items: rows.map((r) => ({
          id: r.id,
          orderNo: r.orderNo,
          borrower: maskPhone(r.phone),
          productId: r.productId,
          amount: r.amount,
          termDays: r.termDays,
          documents: r.documents,
          lang: r.lang,
          deviceId: r.deviceId,
          ip: r.ip,
          appVersion: r.appVersion,
          userAgent: r.userAgent,
          verifiedBy: r.verifiedBy,
          repeated: r.repeated,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  });
}
