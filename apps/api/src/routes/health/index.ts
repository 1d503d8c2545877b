import type { FastifyInstance } from 'fastify';
import { ErrorCode, healthz } from '@lendview/contracts';
import { ApiError } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';

/** GET /healthz: 200 when the database answers, 503 SERVER_ERROR otherwise. */
export default async function healthRoutes(app: FastifyInstance) {
  registerEndpoint(app, healthz, {
    handler: async ({ db, req }) => {
      try {
        await db.query('SELECT 1');
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        throw new ApiError(ErrorCode.server, 'dbUnavailable', undefined, { status: 503 });
      }
      return { status: 'ok', db: 'ok' } as const;
    },
  });
}
