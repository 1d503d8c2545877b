import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  LANDING_IMAGE_PREFIX,
  MAX_SCHEDULE_DAYS,
  landingContrastFailures,
  type LandingConfig,
  type TemplateVersion,
  type opsTemplateCancelSchedule,
  type opsTemplateCreate,
  type opsTemplateDetail,
  type opsTemplateList,
  type opsTemplatePublish,
  type opsTemplateRevert,
  type opsTemplateSave,
  type opsTemplateSchedule,
  type opsTemplateUnpublish,
  type opsTemplateUploadImage,
  type opsTemplateVersions,
} from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import type { AnswerOf } from '../lib/endpoint.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { readImage } from './complaint-images.ts';
import type { StorageProvider } from '../providers/storage.ts';
import {
  cancelScheduledVersion,
  createTemplate,
  findLandingImage,
  findServedTemplate,
  findTemplate,
  findVersion,
  insertLandingImage,
  insertVersion,
  listTemplates,
  listVersions,
  lockTemplateDraft,
  saveTemplateDraft,
  type VersionRow,
} from '../repositories/landing-templates.ts';

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
      const where = `${prefix}.${field}`;
      throw allowed.length > 0
        ? new ApiError(ErrorCode.badRequest, 'templateImageHost', { field: where, hosts: allowed.join(', ') })
        : new ApiError(ErrorCode.badRequest, 'templateImageNoHost', { field: where });
    }
  }
}

export async function templateList(db: Db, now: Date): Promise<AnswerOf<typeof opsTemplateList>> {
  return { items: await listTemplates(db, now) };
}

export async function templateDetail(db: Db, id: number, now: Date): Promise<AnswerOf<typeof opsTemplateDetail>> {
  const template = await findTemplate(db, id, now);
  if (!template) throw notFound();
  return template;
}

export interface Edit {
  imageHosts: readonly string[];
  by: string;
  now: Date;
}

/** What publishing needs besides the database: how to ask whether an image loads. */
export interface PublishDeps {
  db: Db;
  storage: StorageProvider;
  /** GET a same-origin path through the app itself (status and content type), for images like /favicon.svg. */
  probeLocal: (path: string) => Promise<{ status: number; contentType: string }>;
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

// --- Publish checks -------------------------------------------------------------------------------------------

/** An external image has this long to answer before publish gives up on it. */
export const IMAGE_PROBE_TIMEOUT_MS = 3000;

/**
 * WCAG AA (4.5:1 normal text, 3:1 large): the first failing pair, named, refuses the publish. The editor runs
 * the same function (@lendview/contracts landingContrastFailures) and lists every pair before publishing.
 */
export function checkTemplateContrast(config: LandingConfig): void {
  const [first] = landingContrastFailures(config);
  if (!first) return;
  throw new ApiError(ErrorCode.badRequest, 'templateContrast', {
    text: first.text,
    textField: first.textField,
    textColor: first.textColor,
    backgroundField: first.backgroundField,
    background: first.background,
    ratio: first.ratio.toFixed(2),
    min: String(first.min),
  });
}

const isImageType = (contentType: string) => /^image\/[a-z0-9.+-]+\s*(;|$)/i.test(contentType.trim());

/** Does the image at `url` load? Our uploads: the row and the stored bytes; other paths and https: a 2xx image answer. */
async function imageLoads(deps: PublishDeps, url: string): Promise<boolean> {
  if (url.startsWith(LANDING_IMAGE_PREFIX)) {
    const publicId = /^([a-z0-9]+)\.(jpg|webp)$/.exec(url.slice(LANDING_IMAGE_PREFIX.length))?.[1];
    const image = publicId ? await findLandingImage(deps.db, publicId) : null;
    return !!image && (await deps.storage.get(image.storage_key)) !== null;
  }
  if (url.startsWith('/')) {
    const answer = await deps.probeLocal(url);
    return answer.status >= 200 && answer.status < 300 && isImageType(answer.contentType);
  }
  // https only (the contract refused anything else) and only to an allowed host (checkTemplateImages ran first):
  // this request cannot be pointed at an arbitrary address.
  try {
    const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(IMAGE_PROBE_TIMEOUT_MS) });
    await res.body?.cancel().catch(() => undefined);
    return res.ok && isImageType(res.headers.get('content-type') ?? '');
  } catch {
    return false;
  }
}

/** Refuses a config whose logo or hero image does not load, naming the URL. */
async function checkImagesLoad(deps: PublishDeps, config: LandingConfig, prefix: string): Promise<void> {
  for (const field of ['logo', 'heroImage'] as const) {
    const url = config[field];
    if (url === '') continue;
    if (!(await imageLoads(deps, url)))
      throw new ApiError(ErrorCode.badRequest, 'templateImageBroken', { url, field: `${prefix}.${field}` });
  }
}

/** Everything a config must pass to go live: allowed image hosts, contrast, images that load. */
async function checkPublishable(deps: PublishDeps, config: LandingConfig, edit: Edit, prefix: string): Promise<void> {
  checkTemplateImages(config, edit.imageHosts, prefix);
  checkTemplateContrast(config);
  await checkImagesLoad(deps, config, prefix);
}

// --- Versions -------------------------------------------------------------------------------------------------

/** Adds a version of the draft live from `liveFrom` (now, or a scheduled time), after the publish checks. */
async function publishDraftAt(deps: PublishDeps, id: number, edit: Edit, liveFrom: Date): Promise<number> {
  const current = await findTemplate(deps.db, id, edit.now);
  if (!current) throw notFound();
  // Checked outside the transaction (the image check may wait on the network); the draft published is the
  // one checked: a save in between makes the transaction below refuse.
  await checkPublishable(deps, current.draft, edit, 'draft');
  return deps.db.transaction(async (tx) => {
    const draft = await lockTemplateDraft(tx, id);
    if (!draft) throw notFound();
    if (JSON.stringify(draft) !== JSON.stringify(current.draft)) throw new ApiError(ErrorCode.conflict, 'templateChangedMeanwhile');
    return insertVersion(tx, { templateId: id, kind: 'publish', config: draft, revertedFrom: null, liveFrom, now: edit.now, by: edit.by });
  });
}

export async function publishTemplateDraft(deps: PublishDeps, id: number, edit: Edit): Promise<AnswerOf<typeof opsTemplatePublish>> {
  await publishDraftAt(deps, id, edit, edit.now);
  return { id, publishedAt: edit.now.toISOString() };
}

export async function scheduleTemplate(
  deps: PublishDeps,
  id: number,
  at: string,
  edit: Edit,
): Promise<AnswerOf<typeof opsTemplateSchedule>> {
  const when = new Date(at);
  const ms = when.getTime();
  // An explicit offset is required: '2026-05-01T09:00' alone would be read in the server's zone, not the operator's.
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(at);
  if (!hasZone || Number.isNaN(ms) || ms <= edit.now.getTime() || ms > edit.now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
    throw badRequest('templateScheduleInvalid', { days: MAX_SCHEDULE_DAYS });
  }
  const version = await publishDraftAt(deps, id, edit, when);
  return { id, version, liveFrom: when.toISOString() };
}

export async function cancelSchedule(db: Db, id: number, version: number, edit: Edit): Promise<AnswerOf<typeof opsTemplateCancelSchedule>> {
  if (!(await findTemplate(db, id, edit.now))) throw notFound();
  if (!(await cancelScheduledVersion(db, id, version, edit.now, edit.by))) throw new ApiError(ErrorCode.conflict, 'templateScheduleGone');
  return { id, version };
}

export async function unpublishTemplate(db: Db, id: number, edit: Edit): Promise<AnswerOf<typeof opsTemplateUnpublish>> {
  const served = await findServedTemplate(db, id, edit.now);
  if (!(await findTemplate(db, id, edit.now))) throw notFound();
  if (served.state !== 'live') throw new ApiError(ErrorCode.conflict, 'templateNotLive');
  const version = await db.transaction(async (tx) => {
    if (!(await lockTemplateDraft(tx, id))) throw notFound();
    return insertVersion(tx, {
      templateId: id,
      kind: 'unpublish',
      config: null,
      revertedFrom: null,
      liveFrom: edit.now,
      now: edit.now,
      by: edit.by,
    });
  });
  return { id, version };
}

export async function revertTemplate(
  deps: PublishDeps,
  input: { id: number; version: number; publish: boolean },
  edit: Edit,
): Promise<AnswerOf<typeof opsTemplateRevert>> {
  if (!(await findTemplate(deps.db, input.id, edit.now))) throw notFound();
  const target = await findVersion(deps.db, input.id, input.version);
  if (!target) throw new ApiError(ErrorCode.notFound, 'templateVersionNotFound', { version: input.version });
  const config = target.config;
  if (!config) throw badRequest('templateVersionEmpty', { version: input.version });
  if (input.publish) await checkPublishable(deps, config, edit, 'config');
  else checkTemplateImages(config, edit.imageHosts);
  const version = await deps.db.transaction(async (tx) => {
    if (!(await lockTemplateDraft(tx, input.id))) throw notFound();
    await saveTemplateDraft(tx, input.id, config, edit.by, edit.now);
    if (!input.publish) return null;
    return insertVersion(tx, {
      templateId: input.id,
      kind: 'revert',
      config,
      revertedFrom: input.version,
      liveFrom: edit.now,
      now: edit.now,
      by: edit.by,
    });
  });
  return { id: input.id, version, updatedAt: edit.now.toISOString() };
}

/** Every text and colour of a config as path → value ('headline.en', 'theme.fontColor', 'highlights.2.id'). */
export function flattenConfig(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flattenConfig(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  }
  return out;
}

/** The fields that differ between two configs, in the order of the newer one (removed fields last). */
export function diffConfigs(before: LandingConfig | null, after: LandingConfig | null): TemplateVersion['changes'] {
  const a = before ? flattenConfig(before) : {};
  const b = after ? flattenConfig(after) : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.filter((f) => (a[f] ?? '') !== (b[f] ?? '')).map((f) => ({ field: f, before: a[f] ?? '', after: b[f] ?? '' }));
}

function statusOf(v: VersionRow, liveVersion: number | null, now: Date): TemplateVersion['status'] {
  if (v.cancelled_at) return 'cancelled';
  if (v.version === liveVersion) return 'live';
  return v.live_from.getTime() > now.getTime() ? 'scheduled' : 'past';
}

export async function templateVersions(db: Queryable, id: number, now: Date): Promise<AnswerOf<typeof opsTemplateVersions>> {
  const template = await findTemplate(db, id, now);
  if (!template) throw notFound();
  const served = await findServedTemplate(db, id, now);
  const rows = await listVersions(db, id);
  const liveVersion = served.state === 'never' ? null : served.version;
  // Oldest first to diff each version against the one before it (cancelled schedules never were live: skipped).
  const ascending = [...rows].reverse();
  const items: TemplateVersion[] = [];
  let previous: LandingConfig | null = null;
  for (const v of ascending) {
    const changes = v.kind === 'unpublish' ? [] : diffConfigs(previous, v.config);
    items.push({
      version: v.version,
      kind: v.kind,
      revertedFrom: v.reverted_from,
      config: v.config,
      liveFrom: v.live_from.toISOString(),
      createdAt: v.created_at.toISOString(),
      createdBy: v.created_by,
      status: statusOf(v, liveVersion, now),
      changes,
    });
    if (!v.cancelled_at && v.config) previous = v.config;
  }
  return { id, state: served.state, liveVersion, items: items.reverse() };
}

// --- Uploaded images -----------------------------------------------------------------------------------------

/**
 * A logo or hero image from the editor (multipart field `image`): decoded and drawn again by lib/images.ts (never
 * the bytes as sent), stored by the storage provider, and served from our origin at /landing/img/<id>.<ext>.
 */
export async function receiveLandingImage(
  deps: { db: Db; storage: StorageProvider },
  req: FastifyRequest,
  edit: Pick<Edit, 'by' | 'now'>,
): Promise<AnswerOf<typeof opsTemplateUploadImage>> {
  // The same checks as a complaint photo: present, within the cap, complete, a real image (drawn again).
  const image = await readImage(req, 'image');
  const publicId = randomBytes(16).toString('hex');
  const storageKey = `landing-${randomBytes(16).toString('hex')}`;
  await deps.storage.put(storageKey, image.bytes, image.mime);
  try {
    await insertLandingImage(deps.db, {
      publicId,
      storageKey,
      mime: image.mime,
      width: image.width,
      height: image.height,
      sizeBytes: image.bytes.length,
      by: edit.by,
      now: edit.now,
    });
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
  const ext = image.mime === 'image/webp' ? 'webp' : 'jpg';
  return { url: `${LANDING_IMAGE_PREFIX}${publicId}.${ext}`, width: image.width, height: image.height };
}

/** An uploaded landing image for the public page: bytes and type, or null (unknown id, extension or file). */
export async function landingImage(
  deps: { db: Queryable; storage: StorageProvider },
  file: string,
): Promise<{ bytes: Buffer; mime: string } | null> {
  const m = /^([a-z0-9]{16,64})\.(jpg|webp)$/.exec(file);
  if (!m) return null;
  const row = await findLandingImage(deps.db, m[1]!);
  if (!row || (row.mime === 'image/webp') !== (m[2] === 'webp')) return null;
  const bytes = await deps.storage.get(row.storage_key);
  return bytes ? { bytes, mime: row.mime } : null;
}
