import type { Queryable } from '../db/types.ts';

/**
 * release_canary and release_canary_history (migrations 019_canary.sql, 032_canary_steps.sql): the running canary of
 * each remote with its steps, and every canary event. The rules are in src/releases/canary.ts (the commands) and
 * canary-judge.ts (the judge); this file only reads and writes the rows.
 */

export type CanaryAction = 'canary' | 'promote' | 'rollback' | 'auto-rollback' | 'step' | 'auto-promote';

export interface CanaryRow {
  app: string;
  version: string;
  /** The share of borrowers who get the canary now (the current step's weight). */
  percent: number;
  /** Canary page views each step needs before its analysis. */
  min_views: number;
  live_version: string;
  started_at: Date;
  started_by: string;
  /** The weights of the steps (null for a canary started before migration 032). */
  steps: number[] | null;
  /** The index of the current step in steps. */
  step: number;
  /** When the current step started (null: started_at). */
  step_started_at: Date | null;
}

export interface RunningCanaryRow extends CanaryRow {
  /** The canary version's federation name and declaration (routes: /remotes.json). */
  name: string;
  declaration: unknown;
}

export interface CanaryEvent {
  id: number;
  at: Date;
  app: string;
  version: string;
  live_version: string | null;
  percent: number | null;
  action: CanaryAction;
  actor: string;
  reason: string | null;
}

const COLUMNS = 'c.app, c.version, c.percent, c.min_views, c.live_version, c.started_at, c.started_by, c.steps, c.step, c.step_started_at';

/** Every running canary with its version's name and declaration (one query; /remotes.json reads it per request). */
export async function runningCanaries(q: Queryable): Promise<RunningCanaryRow[]> {
  return q.query<RunningCanaryRow>(
    `SELECT ${COLUMNS}, v.name, v.declaration
       FROM release_canary c JOIN release_versions v ON v.app = c.app AND v.version = c.version ORDER BY c.app`,
  );
}

export async function canaryOf(q: Queryable, app: string): Promise<CanaryRow | null> {
  const [row] = await q.query<CanaryRow>(`SELECT ${COLUMNS} FROM release_canary c WHERE c.app = $1`, [app]);
  return row ?? null;
}

export async function insertCanary(
  q: Queryable,
  c: Pick<CanaryRow, 'app' | 'version' | 'percent' | 'min_views' | 'live_version' | 'started_at' | 'started_by' | 'steps'>,
): Promise<void> {
  await q.query(
    `INSERT INTO release_canary (app, version, percent, min_views, live_version, started_at, started_by, steps, step, step_started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::int[], 0, $6)`,
    [c.app, c.version, c.percent, c.min_views, c.live_version, c.started_at, c.started_by, c.steps],
  );
}

/** Deletes the canary app@version (any start); false when it is not running. */
export async function deleteCanary(q: Queryable, app: string, version: string): Promise<boolean> {
  const gone = await q.query('DELETE FROM release_canary WHERE app = $1 AND version = $2 RETURNING app', [app, version]);
  return gone.length > 0;
}

/** Deletes exactly the canary app@version started at `startedAt`; false when it had already ended. */
export async function deleteCanaryStarted(q: Queryable, row: Pick<CanaryRow, 'app' | 'version' | 'started_at'>): Promise<boolean> {
  const gone = await q.query<{ app: string }>(
    'DELETE FROM release_canary WHERE app = $1 AND version = $2 AND started_at = $3 RETURNING app',
    [row.app, row.version, row.started_at],
  );
  return gone.length > 0;
}

/**
 * Moves the canary app@version started at `startedAt`, at step `from`, to step `from + 1` with weight `percent`
 * from `at`. False when it is no longer that canary at that step (ended, or moved on by another instance).
 */
export async function advanceCanaryStep(
  q: Queryable,
  row: Pick<CanaryRow, 'app' | 'version' | 'started_at' | 'step'>,
  next: { percent: number; at: Date },
): Promise<boolean> {
  const moved = await q.query<{ app: string }>(
    `UPDATE release_canary SET step = step + 1, percent = $5, step_started_at = $6
      WHERE app = $1 AND version = $2 AND started_at = $3 AND step = $4 RETURNING app`,
    [row.app, row.version, row.started_at, row.step, next.percent, next.at],
  );
  return moved.length > 0;
}

export async function canaryHistory(q: Queryable, app?: string): Promise<CanaryEvent[]> {
  return q.query<CanaryEvent>(
    `SELECT id, at, app, version, live_version, percent, action, actor, reason FROM release_canary_history
      WHERE $1::text IS NULL OR app = $1 ORDER BY id`,
    [app ?? null],
  );
}

export async function addCanaryEvent(q: Queryable, e: Omit<CanaryEvent, 'id'>): Promise<void> {
  await q.query(
    `INSERT INTO release_canary_history (at, app, version, live_version, percent, action, actor, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [e.at, e.app, e.version, e.live_version, e.percent, e.action, e.actor, e.reason],
  );
}
