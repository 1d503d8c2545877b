import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../lib/images.ts';

/**
 * Multipart bodies are accepted only by the upload routes: `withMultipart(app, (scope) => ...)` registers the
 * routes in an encapsulated scope that has the multipart parser. Every other route keeps answering a multipart
 * body with 415 (plugins/app/errors.ts).
 */
export function withMultipart(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  app.register(async (scope) => {
    await scope.register(multipart, {
      // One photo per request; a few small fields at most. The file limit answers PAYLOAD_TOO_LARGE in the route.
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    });
    routes(scope);
  });
}
