import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';

/**
 * Test-only routes, registered only with LENDVIEW_TEST_ROUTES=1 (env.ts refuses it in production):
 * GET /dev/slow?ms=N answers after N ms (at most 120 s), so the drain test (test/drain.test.ts) can hold a
 * request in flight across a SIGTERM.
 */
export default async function testOnlyRoutes(app: FastifyInstance) {
  app.get('/dev/slow', async (req) => {
    const raw = Number((req.query as Record<string, unknown>).ms);
    const ms = Number.isFinite(raw) ? Math.min(Math.max(0, Math.trunc(raw)), 120_000) : 0;
    await new Promise((done) => setTimeout(done, ms));
    return envelope('00', { sleptMs: ms }, 'Success');
  });
}
