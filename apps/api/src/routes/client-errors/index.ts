import type { FastifyInstance } from 'fastify';
import { clientErrorReport } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { reportClientError } from '../../services/client-errors.ts';

/** `POST /api/client-errors`: the pages' error reports (public; capped per client address; docs/observability.md). */
export default async function clientErrorRoutes(app: FastifyInstance) {
  registerEndpoint(app, clientErrorReport, {
    successMessage: 'clientErrorReceived',
    handler: ({ input, db, now, req }) =>
      reportClientError(db, { request: input, ip: req.ip, now, log: req.log, metrics: app.telemetry.metrics }),
  });
}
