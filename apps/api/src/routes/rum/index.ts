import type { FastifyInstance } from 'fastify';
import { RUM_BODY_MAX, rumIngest } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { ingestRum } from '../../services/rum.ts';
import { SourceMaps } from '../../rum/symbolicate.ts';

/**
 * `POST /api/rum`: real-user signals of the pages (public; capped per client address; docs/releasing.md
 * "Real-user signals"). navigator.sendBeacon sends a string as text/plain: here (and only here) a text/plain
 * body is read as JSON, like application/json, both limited to RUM_BODY_MAX bytes. Nothing else is accepted.
 */
export default async function rumRoutes(app: FastifyInstance) {
  // Encapsulated: these parsers apply to this plugin's route only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: RUM_BODY_MAX }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
  const maps = new SourceMaps(app.releases, app.releaseStorage, app.log);
  registerEndpoint(app, rumIngest, {
    successMessage: 'rumReceived',
    handler: ({ input, db, now, req }) => ingestRum(db, { request: input, ip: req.ip, now, log: req.log, maps }),
  });
}
