import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@lendview/contracts';
import type { PressureSettings } from '../../env.ts';
import { langOf } from '../../i18n/lang.ts';
import { t } from '../../i18n/messages.ts';
import { envelope } from '../../lib/envelope.ts';
import { pathnameOf } from '../../lib/paths.ts';

/**
 * Load shedding (issue 15; docs/deploy.md "Shutdown, drain and load shedding"): while the event loop lags, its
 * utilisation, the heap or the RSS is above its threshold (sampled every `sampleIntervalMs`), a request is
 * answered at once with 503, `Retry-After` and the SERVER_ERROR envelope "busy" in the request's language,
 * instead of queueing behind the work already late. A threshold of 0 is off; all off registers nothing.
 *
 * The probes are never shed: /healthz (a busy process is alive: restarting it would lose its work), /readyz
 * (it says itself whether the instance can serve) and /metrics (observing the overload is the point).
 */
export const UNSHED_PATHS: readonly string[] = ['/healthz', '/readyz', '/metrics'];

export type PressureOptions = Partial<PressureSettings>;

export function pressureEnabled(o: PressureOptions): boolean {
  return Boolean(o.maxEventLoopDelayMs || o.maxEventLoopUtilization || o.maxHeapUsedBytes || o.maxRssBytes);
}

export default fp<PressureOptions>(
  async (app: FastifyInstance, o) => {
    if (!pressureEnabled(o)) return;
    const retryAfter = o.retryAfterSeconds ?? 10;
    await app.register(underPressure, {
      maxEventLoopDelay: o.maxEventLoopDelayMs ?? 0,
      maxEventLoopUtilization: o.maxEventLoopUtilization ?? 0,
      // Utilisation of the last sample interval, not since the process started.
      eventLoopUtilizationMode: 'interval',
      maxHeapUsedBytes: o.maxHeapUsedBytes ?? 0,
      maxRssBytes: o.maxRssBytes ?? 0,
      sampleInterval: o.sampleIntervalMs ?? 1000,
      retryAfter,
      // Nothing sent: the request goes on (the probes).
      pressureHandler: (req: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
        const path = pathnameOf(req.url).replace(/\/+$/, '') || '/';
        if (UNSHED_PATHS.includes(path)) return undefined;
        req.log.warn({ pressure: type, value }, 'overloaded: request shed');
        // Sent here: the plugin then stops the request (fastify does not run a route whose reply is sent).
        void reply
          .code(503)
          .header('retry-after', String(retryAfter))
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(envelope(ErrorCode.server, null, t(langOf(req), 'overloaded', { seconds: retryAfter })));
        return undefined;
      },
    });
  },
  { name: 'under-pressure-envelope' },
);
