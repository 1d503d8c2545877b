import type { FastifyInstance } from 'fastify';
import { contactKfInfo } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { supportContactOf } from '../../services/support.ts';

export default async function personalCenterRoutes(app: FastifyInstance) {
  /** Spec 7.2 / 9: the customer-service contact, public (no login needed); the page sends overall=30. */
  registerEndpoint(app, contactKfInfo, { handler: ({ db }) => supportContactOf(db) });
}
