import {
  ErrorCode,
  type LandingConfig,
  type opsTemplateCreate,
  type opsTemplateDetail,
  type opsTemplateList,
  type opsTemplatePublish,
  type opsTemplateSave,
} from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf } from '../lib/endpoint.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { createTemplate, findTemplate, listTemplates, publishTemplate, saveTemplateDraft } from '../repositories/landing-templates.ts';

/**
 * The landing template editor of the marketing team (contracts/src/ops.ts, docs/promotion.md). A save changes
 * the draft; visitors keep the published version until publish.
 */

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
      throw new ApiError(ErrorCode.badRequest, 'templateImageHost', {
        field: `${prefix}.${field}`,
        hosts: allowed.length > 0 ? allowed.join(', ') : '-',
      });
    }
  }
}

export async function templateList(db: Db): Promise<AnswerOf<typeof opsTemplateList>> {
  return { items: await listTemplates(db) };
}

export async function templateDetail(db: Db, id: number): Promise<AnswerOf<typeof opsTemplateDetail>> {
  const template = await findTemplate(db, id);
  if (!template) throw notFound();
  return template;
}

interface Edit {
  imageHosts: readonly string[];
  by: string;
  now: Date;
}

export async function createTemplateDraft(db: Db, config: LandingConfig, edit: Edit): Promise<AnswerOf<typeof opsTemplateCreate>> {
  checkTemplateImages(config, edit.imageHosts);
  return { id: await createTemplate(db, config, edit.by, edit.now) };
}

export async function saveTemplate(db: Db, id: number, config: LandingConfig, edit: Edit): Promise<AnswerOf<typeof opsTemplateSave>> {
  checkTemplateImages(config, edit.imageHosts);
  const updatedAt = await saveTemplateDraft(db, id, config, edit.by, edit.now);
  if (!updatedAt) throw notFound();
  return { id, updatedAt: updatedAt.toISOString() };
}

export async function publishTemplateDraft(db: Db, id: number, edit: Edit): Promise<AnswerOf<typeof opsTemplatePublish>> {
  // A draft saved before the allow-list (or before a host was removed from it) does not go live.
  const current = await findTemplate(db, id);
  if (current) checkTemplateImages(current.draft, edit.imageHosts, 'draft');
  const publishedAt = await publishTemplate(db, id, edit.by, edit.now);
  if (!publishedAt) throw notFound();
  return { id, publishedAt: publishedAt.toISOString() };
}
