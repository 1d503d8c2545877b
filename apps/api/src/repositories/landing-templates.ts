import type { LandingConfig } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';

/**
 * Landing templates (migrations 005, 012): the marketing team edits `draft_config`; every publish, revert or
 * unpublish adds a numbered row to landing_template_versions, and visitors see the newest one whose live_from
 * has come (channel-template), worked out at read time so a scheduled publish needs no job.
 */

export interface TemplateSummary {
  id: number;
  name: string;
  published: boolean;
  hasUnpublishedChanges: boolean;
  updatedAt: string;
  publishedAt: string | null;
  updatedBy: string;
}

export interface TemplateDetail extends TemplateSummary {
  draft: LandingConfig;
  live: LandingConfig | null;
}

/** What the landing answers for a template at a time: never published, a live version, or unpublished (ended). */
export type ServedTemplate =
  | { state: 'never' }
  | { state: 'ended'; version: number }
  | { state: 'live'; config: LandingConfig; version: number | null; liveFrom: Date };

interface Row {
  id: number;
  draft_config: LandingConfig;
  updated_at: Date;
  updated_by: string;
  legacy_live: LandingConfig | null;
  legacy_published_at: Date | null;
  version: number | null;
  config: LandingConfig | null;
  live_from: Date | null;
  // jsonb equality is by value: key order and whitespace do not count as a change.
  differs: boolean;
}

/**
 * The served version of each template at $1: the newest version (not cancelled) whose live_from has come. A
 * template without any version (rows written before migration 012, or by hand) falls back to live_config.
 */
const SERVED = `
  SELECT t.id, t.draft_config, t.updated_at, t.updated_by, t.live_config AS legacy_live,
         t.published_at AS legacy_published_at, v.version, v.config, v.live_from,
         (CASE WHEN v.version IS NULL THEN t.live_config ELSE v.config END) IS DISTINCT FROM t.draft_config AS differs
    FROM landing_templates t
    LEFT JOIN LATERAL (
      SELECT version, config, live_from FROM landing_template_versions
       WHERE template_id = t.id AND cancelled_at IS NULL AND live_from <= $1
       ORDER BY live_from DESC, version DESC LIMIT 1
    ) v ON true`;

function servedOf(r: Row): ServedTemplate {
  if (r.version !== null) {
    return r.config
      ? { state: 'live', config: r.config, version: r.version, liveFrom: r.live_from! }
      : { state: 'ended', version: r.version };
  }
  return r.legacy_live ? { state: 'live', config: r.legacy_live, version: null, liveFrom: r.legacy_published_at! } : { state: 'never' };
}

function summaryOf(r: Row): TemplateSummary {
  const served = servedOf(r);
  return {
    id: r.id,
    name: r.draft_config.name,
    published: served.state === 'live',
    hasUnpublishedChanges: r.differs,
    updatedAt: r.updated_at.toISOString(),
    publishedAt: served.state === 'live' ? served.liveFrom.toISOString() : null,
    updatedBy: r.updated_by,
  };
}

/** What visitors see at `now` of an active template (an unknown or inactive one: never). */
export async function findServedTemplate(db: Queryable, id: number, now: Date): Promise<ServedTemplate> {
  const [row] = await db.query<Row>(`${SERVED} WHERE t.id = $2 AND t.active`, [now, id]);
  return row ? servedOf(row) : { state: 'never' };
}

/** Every active template, newest change first (the editor's list). */
export async function listTemplates(db: Queryable, now: Date): Promise<TemplateSummary[]> {
  const rows = await db.query<Row>(`${SERVED} WHERE t.active ORDER BY t.updated_at DESC, t.id DESC`, [now]);
  return rows.map(summaryOf);
}

export async function findTemplate(db: Queryable, id: number, now: Date): Promise<TemplateDetail | null> {
  const [row] = await db.query<Row>(`${SERVED} WHERE t.id = $2 AND t.active`, [now, id]);
  if (!row) return null;
  const served = servedOf(row);
  return { ...summaryOf(row), draft: row.draft_config, live: served.state === 'live' ? served.config : null };
}

export async function createTemplate(db: Queryable, config: LandingConfig, by: string, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO landing_templates (draft_config, live_config, active, created_at, updated_at, updated_by)
     VALUES ($1::jsonb, NULL, true, $2, $2, $3) RETURNING id`,
    [JSON.stringify(config), now, by],
  );
  return row!.id;
}

/** Replaces the draft; null when there is no such active template. */
export async function saveTemplateDraft(db: Queryable, id: number, config: LandingConfig, by: string, now: Date): Promise<Date | null> {
  const [row] = await db.query<{ updated_at: Date }>(
    `UPDATE landing_templates SET draft_config = $2::jsonb, updated_at = $3, updated_by = $4
      WHERE id = $1 AND active RETURNING updated_at`,
    [id, JSON.stringify(config), now, by],
  );
  return row?.updated_at ?? null;
}

export interface VersionRow {
  version: number;
  kind: 'publish' | 'revert' | 'unpublish';
  config: LandingConfig | null;
  reverted_from: number | null;
  live_from: Date;
  created_at: Date;
  created_by: string;
  cancelled_at: Date | null;
}

/** Every version of a template, newest number first. */
export async function listVersions(db: Queryable, templateId: number): Promise<VersionRow[]> {
  return db.query<VersionRow>(
    `SELECT version, kind, config, reverted_from, live_from, created_at, created_by, cancelled_at
       FROM landing_template_versions WHERE template_id = $1 ORDER BY version DESC`,
    [templateId],
  );
}

export async function findVersion(db: Queryable, templateId: number, version: number): Promise<VersionRow | null> {
  const [row] = await db.query<VersionRow>(
    `SELECT version, kind, config, reverted_from, live_from, created_at, created_by, cancelled_at
       FROM landing_template_versions WHERE template_id = $1 AND version = $2`,
    [templateId, version],
  );
  return row ?? null;
}

/** The draft of an active template, locked for the rest of the transaction (one version number at a time). */
export async function lockTemplateDraft(tx: Queryable, id: number): Promise<LandingConfig | null> {
  const [row] = await tx.query<{ draft_config: LandingConfig }>(
    'SELECT draft_config FROM landing_templates WHERE id = $1 AND active FOR UPDATE',
    [id],
  );
  return row?.draft_config ?? null;
}

/**
 * Adds the next version (call inside a transaction after lockTemplateDraft). A version live now also updates
 * live_config / published_at (kept in step for readers of migration 005's columns); a scheduled one does not.
 */
export async function insertVersion(
  tx: Queryable,
  v: {
    templateId: number;
    kind: VersionRow['kind'];
    config: LandingConfig | null;
    revertedFrom: number | null;
    liveFrom: Date;
    now: Date;
    by: string;
  },
): Promise<number> {
  const [row] = await tx.query<{ version: number }>(
    `INSERT INTO landing_template_versions (template_id, version, kind, config, reverted_from, live_from, created_at, created_by)
     SELECT $1, COALESCE(max(version), 0) + 1, $2, $3::jsonb, $4, $5, $6, $7 FROM landing_template_versions WHERE template_id = $1
     RETURNING version`,
    [v.templateId, v.kind, v.config === null ? null : JSON.stringify(v.config), v.revertedFrom, v.liveFrom, v.now, v.by],
  );
  if (v.liveFrom.getTime() <= v.now.getTime()) {
    await tx.query(`UPDATE landing_templates SET live_config = $2::jsonb, published_at = $3, published_by = $4 WHERE id = $1`, [
      v.templateId,
      v.config === null ? null : JSON.stringify(v.config),
      v.config === null ? null : v.liveFrom,
      v.config === null ? null : v.by,
    ]);
  }
  return row!.version;
}

/** Calls off a scheduled version not live yet at `now`; false when there is none such. */
export async function cancelScheduledVersion(db: Queryable, templateId: number, version: number, now: Date, by: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE landing_template_versions SET cancelled_at = $3, cancelled_by = $4
      WHERE template_id = $1 AND version = $2 AND cancelled_at IS NULL AND live_from > $3 RETURNING version`,
    [templateId, version, now, by],
  );
  return rows.length > 0;
}

// --- Uploaded images (migration 012 landing_images) ----------------------------------------------------------

export interface LandingImageRow {
  public_id: string;
  storage_key: string;
  mime: 'image/jpeg' | 'image/webp';
}

export async function insertLandingImage(
  db: Queryable,
  i: { publicId: string; storageKey: string; mime: string; width: number; height: number; sizeBytes: number; by: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO landing_images (public_id, storage_key, mime, width, height, size_bytes, uploaded_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [i.publicId, i.storageKey, i.mime, i.width, i.height, i.sizeBytes, i.by, i.now],
  );
}

export async function findLandingImage(db: Queryable, publicId: string): Promise<LandingImageRow | null> {
  const [row] = await db.query<LandingImageRow>('SELECT public_id, storage_key, mime FROM landing_images WHERE public_id = $1', [publicId]);
  return row ?? null;
}
