import type { LandingConfig } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';

/**
 * Landing templates (migration 005): the marketing team edits `draft_config`; publishing copies it to
 * `live_config`, the only version visitors see (channel-template).
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

interface Row {
  id: number;
  draft_config: LandingConfig;
  live_config: LandingConfig | null;
  updated_at: Date;
  published_at: Date | null;
  updated_by: string;
  // jsonb equality is by value: key order and whitespace do not count as a change.
  differs: boolean;
}

const COLUMNS = `id, draft_config, live_config, updated_at, published_at, updated_by,
  live_config IS DISTINCT FROM draft_config AS differs`;

function summaryOf(r: Row): TemplateSummary {
  return {
    id: r.id,
    name: r.draft_config.name,
    published: r.live_config !== null,
    hasUnpublishedChanges: r.differs,
    updatedAt: r.updated_at.toISOString(),
    publishedAt: r.published_at?.toISOString() ?? null,
    updatedBy: r.updated_by,
  };
}

/** What visitors see: the published config of an active template, or null (unknown, inactive, never published). */
export async function findLiveTemplate(db: Queryable, id: number): Promise<LandingConfig | null> {
  const [row] = await db.query<{ live_config: LandingConfig }>(
    'SELECT live_config FROM landing_templates WHERE id = $1 AND active AND live_config IS NOT NULL',
    [id],
  );
  return row?.live_config ?? null;
}

/** Every active template, newest change first (the editor's list). */
export async function listTemplates(db: Queryable): Promise<TemplateSummary[]> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM landing_templates WHERE active ORDER BY updated_at DESC, id DESC`);
  return rows.map(summaryOf);
}

export async function findTemplate(db: Queryable, id: number): Promise<TemplateDetail | null> {
  const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM landing_templates WHERE id = $1 AND active`, [id]);
  return row ? { ...summaryOf(row), draft: row.draft_config, live: row.live_config } : null;
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

/** Makes the draft the live version; null when there is no such active template. */
export async function publishTemplate(db: Queryable, id: number, by: string, now: Date): Promise<Date | null> {
  const [row] = await db.query<{ published_at: Date }>(
    `UPDATE landing_templates SET live_config = draft_config, published_at = $2, published_by = $3
      WHERE id = $1 AND active RETURNING published_at`,
    [id, now, by],
  );
  return row?.published_at ?? null;
}
