import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '@lendview/contracts';
import { langOf } from '../../i18n/lang.ts';
import { t } from '../../i18n/messages.ts';
import { envelope } from '../../lib/envelope.ts';
import { readinessChecker, type ReadinessOptions } from '../../services/readiness.ts';

export { DEFAULT_MIN_FREE_BYTES, READY_PROBE_KEY, type ReadinessOptions } from '../../services/readiness.ts';

/**
 * GET /healthz: liveness. The process is up and its event loop answers; nothing else is checked, so a database
 * outage never gets a healthy process restarted (readiness takes it out of the load balancer instead).
 *
 * GET /readyz: readiness (services/readiness.ts: database write, disk space, migrations). 200 when every check
 * passes, otherwise 503 SERVER_ERROR naming the failed checks; 503 with data { status: 'draining' } from the
 * moment the instance is told to stop (docs/deploy.md "Shutdown, drain and load shedding").
 */
export default async function healthRoutes(app: FastifyInstance, opts: ReadinessOptions) {
  const readiness = readinessChecker(opts);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/healthz', async (req, reply) => {
    noStore(reply);
    return envelope('00', { status: 'ok' }, t(langOf(req), 'ok'));
  });

  app.get('/readyz', async (req, reply) => {
    noStore(reply);
    const lang = langOf(req);
    // Shutting down (SIGTERM: plugins/app/lifecycle.ts): out of the load balancer at once, nothing else checked;
    // requests are still served until the drain period ends.
    if (app.lifecycle.draining) {
      return reply.code(503).send(envelope(ErrorCode.server, { status: 'draining' }, `${t(lang, 'notReady')} ${t(lang, 'readyDraining')}`));
    }
    const { checks, reasons } = await readiness(app.db, app.clock.now(), req.log);
    if (reasons.length === 0) return envelope('00', { status: 'ready', checks }, t(lang, 'ok'));
    const message = `${t(lang, 'notReady')} ${reasons.map((r) => t(lang, r)).join(' ')}`;
    return reply
      .code(503)
      .header('retry-after', '10')
      .send(envelope(ErrorCode.server, null, message));
  });
}
