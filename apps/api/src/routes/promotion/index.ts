import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CAPTCHA_IMAGE_PATH, ErrorCode, channelTemplate, getSid, getSms, register, trackClick, trackVisit } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { sendFailure } from '../../lib/envelope.ts';
import {
  captchaPng,
  liveTemplate,
  newCaptcha,
  promotionDeps,
  registerVisitor,
  sendRegisterCode,
  trackPromotion,
} from '../../services/promotion.ts';

const captchaQuery = z.object({ sid: z.string().trim().min(1).max(64) });

/** Promotion landing pages and visitor registration (spec 2.6, 4.5, 7.4, 8; services/promotion.ts, docs/promotion.md). */
export default async function promotionRoutes(app: FastifyInstance) {
  const deps = promotionDeps(app);

  registerEndpoint(app, channelTemplate, {
    fieldMessages: { templateId: 'templateNotFound' },
    handler: ({ input, db, now }) => liveTemplate(db, input.templateId, now),
  });

  registerEndpoint(app, trackVisit, {
    handler: ({ input, now, req }) => trackPromotion(deps, { kind: 'visit', request: input, phone: '', ip: req.ip, now }),
  });
  registerEndpoint(app, trackClick, {
    handler: ({ input, now, req }) => trackPromotion(deps, { kind: 'click', request: input, phone: input.phone, ip: req.ip, now }),
  });

  registerEndpoint(app, getSid, {
    handler: ({ db, now, req }) => newCaptcha(db, { limits: app.limits, ip: req.ip, now }),
  });

  app.get(CAPTCHA_IMAGE_PATH, async (req, reply) => {
    const query = captchaQuery.safeParse(req.query ?? {});
    const png = query.success ? await captchaPng(app.db, query.data.sid, app.clock.now()) : null;
    if (!query.success || !png) return sendFailure(req, reply, ErrorCode.notFound, 'captchaExpired');
    return reply.header('cache-control', 'no-store').type('image/png').send(png);
  });

  registerEndpoint(app, getSms, {
    fieldMessages: { phone: 'phoneInvalid', capcode: 'captchaInvalid', sid: 'captchaInvalid' },
    successMessage: 'promoSmsSent',
    handler: ({ input, now, lang, req }) => sendRegisterCode(deps, { request: input, ip: req.ip, now, lang }),
  });

  registerEndpoint(app, register, {
    fieldMessages: { phone: 'phoneInvalid', capcode: 'captchaInvalid', sid: 'captchaInvalid', smsCode: 'smsCodeInvalid' },
    successMessage: 'registerOk',
    handler: ({ input, now, req }) => registerVisitor(deps, { request: input, ip: req.ip, now, log: req.log }),
  });
}
