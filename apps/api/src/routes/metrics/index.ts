import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@lendview/contracts';
import { sendFailure } from '../../lib/envelope.ts';
import { PROMETHEUS_CONTENT_TYPE } from '../../telemetry/metrics.ts';

/** A loopback IP address: 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Headers a reverse proxy adds: a request carrying one came through it, from wherever its client is. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-client-ip', 'true-client-ip'];

/**
 * A scrape from this machine: the connection comes from a loopback address, the client address fastify derives
 * (TRUST_PROXY) is loopback too, and no forwarding header says the request was relayed for someone else (a proxy on
 * this machine connects from 127.0.0.1 whoever its client is).
 */
export function isLocalScrape(req: FastifyRequest): boolean {
  return (
    isLoopbackAddress(req.socket.remoteAddress) &&
    isLoopbackAddress(req.ip) &&
    FORWARDING_HEADERS.every((h) => req.headers[h] === undefined)
  );
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `Authorization: Bearer <token>` with exactly the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer ([\x21-\x7e]+)$/i.exec(header?.trim() ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

/**
 * GET /metrics (docs/observability.md): every metric in the Prometheus text format. With METRICS_TOKEN set, only to
 * `Authorization: Bearer <token>` (else 401 UNAUTHORIZED envelope, `WWW-Authenticate: Bearer`); without it, only to
 * a local scrape (else 403 FORBIDDEN envelope). Never shed (plugins/external/under-pressure.ts), never traced.
 * Other methods and /metrics/… stay 404 envelopes (lib/paths.ts: a probe path is never the shell).
 */
export default async function metricsRoutes(app: FastifyInstance) {
  app.get('/metrics', { config: { otel: false } }, async (req, reply) => {
    const token = app.telemetry.metricsToken;
    if (token !== undefined) {
      if (!bearerMatches(req.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendFailure(req, reply, ErrorCode.unauthorized, 'metricsUnauthorized');
      }
    } else if (!isLocalScrape(req)) {
      return sendFailure(req, reply, ErrorCode.forbidden, 'metricsForbidden');
    }
    const text = await app.telemetry.metrics.text();
    return reply.header('cache-control', 'no-store').type(PROMETHEUS_CONTENT_TYPE).send(text);
  });
}
