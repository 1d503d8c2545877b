import type { OpsAuditKind, OpsItemKind } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';

// The support console (migration 011; repositories/ops-console.ts re-exports every part): operators and assignment.

export interface OperatorRef {
  id: number;
  username: string;
}

/** Support operators who can take items (not disabled). */
export async function listSupportOperators(db: Queryable): Promise<OperatorRef[]> {
  return db.query<OperatorRef>(`SELECT id, username FROM operators WHERE role = 'support' AND NOT disabled ORDER BY username`);
}

export async function findSupportOperator(db: Queryable, id: number): Promise<OperatorRef | null> {
  const [row] = await db.query<OperatorRef>(`SELECT id, username FROM operators WHERE id = $1 AND role = 'support' AND NOT disabled`, [id]);
  return row ?? null;
}

const ITEM_TABLE: Record<OpsItemKind, string> = { complaint: 'complaints', contact: 'contact_messages' };

/**
 * Sets the assignee when it is still `expected` (null: nobody): one conditional UPDATE, so of several
 * operators racing from the same view exactly one changes it. Returns false when the item is missing or its
 * assignee is no longer `expected`.
 */
export async function assignItem(
  tx: Queryable,
  input: { kind: OpsItemKind; id: number; to: number | null; expected: number | null; now: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE ${ITEM_TABLE[input.kind]} SET assignee_id = $2::integer, assigned_at = $4
      WHERE id = $1 AND assignee_id IS NOT DISTINCT FROM $3::integer
      RETURNING id`,
    [input.id, input.to, input.expected, input.now],
  );
  return rows.length > 0;
}

/** The item's current assignee (null: nobody), or undefined when there is no such item. */
export async function currentAssignee(db: Queryable, kind: OpsItemKind, id: number): Promise<number | null | undefined> {
  const [row] = await db.query<{ assignee_id: number | null }>(`SELECT assignee_id FROM ${ITEM_TABLE[kind]} WHERE id = $1`, [id]);
  return row ? row.assignee_id : undefined;
}

/** The tables of what an audit row can be about, besides the holidays (one list) and accounts (by username). */
type AuditedItemKind = Exclude<OpsAuditKind, 'holiday' | 'account'>;
const AUDITED_TABLE: Record<AuditedItemKind, string> = {
  ...ITEM_TABLE,
  fund: 'unapplied_funds',
  callback: 'unmatched_callbacks',
};

export async function itemExists(db: Queryable, kind: AuditedItemKind, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM ${AUDITED_TABLE[kind]} WHERE id = $1`, [id])).length > 0;
}
