import type { FastifyInstance } from 'fastify';
import { devCaptchaAnswer } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { devCaptchaAnswerOf } from '../../services/promotion.ts';

/**
 * Demo mode only (app.ts registers it with the other /dev routes): the answer of a captcha, so end-to-end tests
 * can register without reading the image. Test-only, documented in docs/promotion.md; never in production.
 */
export default async function promotionDevRoutes(app: FastifyInstance) {
  registerEndpoint(app, devCaptchaAnswer, {
    handler: ({ input, db }) => devCaptchaAnswerOf(db, input.sid),
  });
}
