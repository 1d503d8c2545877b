import type { FastifyInstance, FastifyRequest } from 'fastify';
import { opsTemplateCreate, opsTemplateDetail, opsTemplateList, opsTemplatePublish, opsTemplateSave } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { requireOperator, type Operator } from '../../lib/operator-auth.ts';
import { createTemplateDraft, publishTemplateDraft, saveTemplate, templateDetail, templateList } from '../../services/landing-templates.ts';

/** Landing template editor API for the marketing team, role marketing only (services/landing-templates.ts). */
export default async function opsTemplateRoutes(app: FastifyInstance) {
  const operators = new WeakMap<FastifyRequest, Operator>();

  // A hook rather than a call in each handler: the operator is checked before the body is validated, so a
  // caller without a token hears 401, not a field error.
  app.addHook('preHandler', async (req) => {
    operators.set(req, await requireOperator(req, app.db, 'marketing'));
  });
  /** Who edits, now, and the image hosts the CSP allows. */
  const editOf = (req: FastifyRequest, now: Date) => {
    const operator = operators.get(req);
    if (!operator) throw new Error('ops templates: preHandler did not run');
    return { imageHosts: app.imageHosts, by: operator.username, now };
  };

  registerEndpoint(app, opsTemplateList, { handler: ({ db }) => templateList(db) });

  registerEndpoint(app, opsTemplateDetail, { handler: ({ input, db }) => templateDetail(db, input.id) });

  registerEndpoint(app, opsTemplateCreate, {
    successMessage: 'templateCreated',
    handler: ({ input, db, now, req }) => createTemplateDraft(db, input.config, editOf(req, now)),
  });

  registerEndpoint(app, opsTemplateSave, {
    successMessage: 'templateSaved',
    handler: ({ input, db, now, req }) => saveTemplate(db, input.id, input.config, editOf(req, now)),
  });

  registerEndpoint(app, opsTemplatePublish, {
    successMessage: 'templatePublished',
    handler: ({ input, db, now, req }) => publishTemplateDraft(db, input.id, editOf(req, now)),
  });
}
