import type { FastifyInstance } from 'fastify';
import { opsReleaseHealth } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { requireOperator } from '../../lib/operator-auth.ts';
import { healthWithErrors } from '../../rum/summary.ts';

/**
 * The console's Releases page (issue 16 item 4; docs/releasing.md "Real-user signals"): real-user numbers per
 * remote version and the most frequent symbolicated errors. A support operator's session, checked in
 * preValidation like the rest of the console (routes/ops/console.ts): 401 / 403 before any input is read.
 */
export default async function opsReleaseRoutes(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    await requireOperator(req, app.db, 'support');
  });
  registerEndpoint(app, opsReleaseHealth, {
    handler: async ({ input, db, now }) => {
      const hours = input.hours ?? 24;
      const summary = await healthWithErrors(db, new Date(now.getTime() - hours * 3_600_000));
      return {
        since: summary.since,
        hours,
        versions: summary.versions.map((v) => ({
          ...v,
          topErrors: v.topErrors.map((e) => ({ ...e, lastAt: e.lastAt.toISOString() })),
        })),
      };
    },
  });
}
