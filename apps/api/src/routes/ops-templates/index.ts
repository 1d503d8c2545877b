import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsTemplateCancelSchedule,
  opsTemplateCreate,
  opsTemplateDetail,
  opsTemplateList,
  opsTemplatePublish,
  opsTemplateRevert,
  opsTemplateSave,
  opsTemplateSchedule,
  opsTemplateUnpublish,
  opsTemplateUploadImage,
  opsTemplateVersions,
} from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { requireOperator, type Operator } from '../../lib/operator-auth.ts';
import { withMultipart } from '../../plugins/external/multipart.ts';
import {
  cancelSchedule,
  createTemplateDraft,
  publishTemplateDraft,
  receiveLandingImage,
  revertTemplate,
  saveTemplate,
  scheduleTemplate,
  templateDetail,
  templateList,
  templateVersions,
  unpublishTemplate,
  type PublishDeps,
} from '../../services/landing-templates.ts';

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
  const publishDeps: PublishDeps = {
    db: app.db,
    storage: app.storage,
    // A same-origin image (/favicon.svg) is asked of this app itself, as a visitor's browser would.
    probeLocal: async (path) => {
      const res = await app.inject({ method: 'GET', url: path });
      return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? '') };
    },
  };

  registerEndpoint(app, opsTemplateList, { handler: ({ db, now }) => templateList(db, now) });

  registerEndpoint(app, opsTemplateDetail, { handler: ({ input, db, now }) => templateDetail(db, input.id, now) });

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
    handler: ({ input, now, req }) => publishTemplateDraft(publishDeps, input.id, editOf(req, now)),
  });

  registerEndpoint(app, opsTemplateVersions, { handler: ({ input, db, now }) => templateVersions(db, input.id, now) });

  registerEndpoint(app, opsTemplateSchedule, {
    successMessage: 'templateScheduled',
    handler: ({ input, now, req }) => scheduleTemplate(publishDeps, input.id, input.at, editOf(req, now)),
  });

  registerEndpoint(app, opsTemplateCancelSchedule, {
    successMessage: 'templateScheduleCancelled',
    handler: ({ input, db, now, req }) => cancelSchedule(db, input.id, input.version, editOf(req, now)),
  });

  registerEndpoint(app, opsTemplateRevert, {
    successMessage: 'templateReverted',
    handler: async ({ input, now, req, setSuccessMessage }) => {
      const answer = await revertTemplate(publishDeps, input, editOf(req, now));
      if (answer.version !== null) setSuccessMessage('templateRevertedLive');
      return answer;
    },
  });

  registerEndpoint(app, opsTemplateUnpublish, {
    successMessage: 'templateUnpublished',
    handler: ({ input, db, now, req }) => unpublishTemplate(db, input.id, editOf(req, now)),
  });

  withMultipart(app, (uploads) => {
    registerEndpoint(uploads, opsTemplateUploadImage, {
      successMessage: 'landingImageUploaded',
      handler: ({ now, req }) => receiveLandingImage(publishDeps, req, editOf(req, now)),
    });
  });
}
