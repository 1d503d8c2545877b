import type { FastifyInstance } from 'fastify';
import { devSmsOutbox } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';

/** Demo mode only (app.ts registers this folder only when demo is on; otherwise /dev/* is a 404). */
export default async function devRoutes(app: FastifyInstance) {
  registerEndpoint(app, devSmsOutbox, {
    fieldMessages: { phone: 'phoneInvalid' },
    handler: async ({ input, db }) => {
      const rows = await db.query<{ id: number; phone: string; body: string; purpose: string; created_at: Date }>(
        'SELECT id, phone, body, purpose, created_at FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 20',
        [input.phone],
      );
      return {
        messages: rows.map((r) => ({
          id: r.id,
          phone: r.phone,
          body: r.body,
          purpose: r.purpose,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },
  });
}
