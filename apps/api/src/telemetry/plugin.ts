import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Telemetry } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: Telemetry;
  }
}

/** The http.route label of a request that matched no route (404s, scanners): one value, not their URLs. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Registered first (app.ts), so that its hooks see every request, shed and refused ones included:
 * - metrics: in-flight count, and the duration by method, route template and status when the answer is sent
 *   (or the client went away: status 499);
 * - traces, when on: @fastify/otel's plugin (one span per request; src/telemetry/tracing.ts);
 * - on close: the telemetry is shut down (spans not yet exported are flushed).
 */
export default fp<{ telemetry: Telemetry }>(
  async (app: FastifyInstance, { telemetry }) => {
    app.decorate('telemetry', telemetry);
    if (telemetry.tracing) await app.register(telemetry.tracing.instrumentation.plugin());

    const { httpDuration, httpActive } = telemetry.metrics;
    const started = new WeakMap<FastifyRequest, number>();
    const finish = (req: FastifyRequest, status: number) => {
      const start = started.get(req);
      if (start === undefined) return;
      started.delete(req);
      httpActive.add(-1);
      httpDuration.record((performance.now() - start) / 1000, {
        'http.request.method': req.method,
        'http.route': req.routeOptions.url ?? UNMATCHED_ROUTE,
        'http.response.status_code': status,
      });
    };
    app.addHook('onRequest', (req, _reply, done) => {
      started.set(req, performance.now());
      httpActive.add(1);
      done();
    });
    app.addHook('onResponse', (req, reply, done) => {
      finish(req, reply.statusCode);
      done();
    });
    app.addHook('onRequestAbort', (req, done) => {
      finish(req, 499);
      done();
    });
    app.addHook('onClose', async () => {
      await telemetry.shutdown();
    });
  },
  { name: 'telemetry' },
);
