import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsTemplateCreate,
  opsTemplateDetail,
  opsTemplateList,
  opsTemplatePublish,
  opsTemplateSave,
} from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { requireOperator, type Operator } from '../../lib/operator-auth.ts';
import {
  createTemplate,
  findTemplate,
  listTemplates,
  publishTemplate,
  saveTemplateDraft,
} from '../../repositories/landing-templates.ts';

/**
 * Landing template editor API for the marketing team (contracts/src/ops.ts, docs/promotion.md). Role marketing
 * only. A save changes the draft; visitors keep the published version until publish.
 */
export default async function opsTemplateRoutes(app: FastifyInstance) {
  const operators = new WeakMap<FastifyRequest, Operator>();

  // A hook rather than a call in each handler: the operator is checked before the body is validated, so a
  // caller without a token hears 401, not a field error.
  app.addHook('preHandler', async (req) => {
    operators.set(req, await requireOperator(req, app.db, 'marketing'));
  });
  const operatorOf = (req: FastifyRequest) => {
    const operator = operators.get(req);
    if (!operator) throw new Error('ops templates: preHandler did not run');
    return operator;
  };

  registerEndpoint(app, opsTemplateList, {
    handler: async ({ db }) => ({ items: await listTemplates(db) }),
  });

  registerEndpoint(app, opsTemplateDetail, {
    handler: async ({ input, db }) => {
      const template = await findTemplate(db, input.id);
      if (!template) throw notFound();
      return template;
    },
  });

  registerEndpoint(app, opsTemplateCreate, {
    successMessage: 'templateCreated',
    handler: async ({ input, db, now, req }) => ({ id: await createTemplate(db, input.config, operatorOf(req).username, now) }),
  });

  registerEndpoint(app, opsTemplateSave, {
    successMessage: 'templateSaved',
    handler: async ({ input, db, now, req }) => {
      const updatedAt = await saveTemplateDraft(db, input.id, input.config, operatorOf(req).username, now);
      if (!updatedAt) throw notFound();
      return { id: input.id, updatedAt: updatedAt.toISOString() };
    },
  });

  registerEndpoint(app, opsTemplatePublish, {
    successMessage: 'templatePublished',
    handler: async ({ input, db, now, req }) => {
      const publishedAt = await publishTemplate(db, input.id, operatorOf(req).username, now);
      if (!publishedAt) throw notFound();
      return { id: input.id, publishedAt: publishedAt.toISOString() };
    },
  });
}
