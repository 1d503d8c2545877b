import type { FastifyInstance } from 'fastify';
import { devCaptchaAnswer } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Demo mode only (app.ts registers it with the other /dev routes): the answer of a captcha, so end-to-end tests
 * can register without reading the image. Test-only, documented in docs/promotion.md; never in production.
 */
export default async function promotionDevRoutes(app: FastifyInstance) {
  registerEndpoint(app, devCaptchaAnswer, {
    handler: async ({ input, db }) => {
      const [row] = await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE sid = $1', [input.sid]);
      if (!row) throw notFound();
      return { answer: row.answer };
    },
  });
}
