import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsTemplateCreate,
  opsTemplateDetail,
  opsTemplateList,
  opsTemplatePublish,
  opsTemplateSave,
  ErrorCode,
} from '@lendview/contracts';
import type { LandingConfig } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { requireOperator, type Operator } from '../../lib/operator-auth.ts';
import {
  createTemplate,
  findTemplate,
  listTemplates,
  publishTemplate,
  saveTemplateDraft,
} from '../../repositories/landing-templates.ts';

/**
 * Issue 12 item 9: an https image must come from a host of IMAGE_HOSTS (the CSP's img-src allows exactly those),
 * else a template could make every visitor's browser call a third party (a tracking pixel). Same-origin paths
 * need no host. The contract (landingConfig) has already refused every other shape.
 */
export function checkTemplateImages(config: LandingConfig, allowed: readonly string[], prefix = 'config'): void {
  for (const field of ['logo', 'heroImage'] as const) {
    const value = config[field];
    if (!value.startsWith('https://')) continue;
    let host: string;
    try {
      host = new URL(value).hostname.toLowerCase();
    } catch {
      host = '';
    }
    if (!allowed.includes(host)) {
      throw new ApiError(ErrorCode.badRequest, 'templateImageHost', { field: `${prefix}.${field}`, hosts: allowed.length > 0 ? allowed.join(', ') : '-' });
    }
  }
}

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
    handler: async ({ input, db, now, req }) => {
      checkTemplateImages(input.config, app.imageHosts);
      return { id: await createTemplate(db, input.config, operatorOf(req).username, now) };
    },
  });

  registerEndpoint(app, opsTemplateSave, {
    successMessage: 'templateSaved',
    handler: async ({ input, db, now, req }) => {
      checkTemplateImages(input.config, app.imageHosts);
      const updatedAt = await saveTemplateDraft(db, input.id, input.config, operatorOf(req).username, now);
      if (!updatedAt) throw notFound();
      return { id: input.id, updatedAt: updatedAt.toISOString() };
    },
  });

  registerEndpoint(app, opsTemplatePublish, {
    successMessage: 'templatePublished',
    handler: async ({ input, db, now, req }) => {
      // A draft saved before the allow-list (or before a host was removed from it) does not go live.
      const current = await findTemplate(db, input.id);
      if (current) checkTemplateImages(current.draft, app.imageHosts, 'draft');
      const publishedAt = await publishTemplate(db, input.id, operatorOf(req).username, now);
      if (!publishedAt) throw notFound();
      return { id: input.id, publishedAt: publishedAt.toISOString() };
    },
  });
}
