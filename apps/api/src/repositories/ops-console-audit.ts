import type { OpsAuditAction, OpsAuditKind } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';

// The support console (migration 011; repositories/ops-console.ts re-exports every part): audit trail.

export type AuditDetail = Record<string, string | number | boolean | null>;

export interface AuditRow {
  id: number;
  operator: string;
  action: OpsAuditAction;
  kind: OpsAuditKind;
  itemId: string;
  detail: AuditDetail;
  createdAt: Date;
}

export async function insertAudit(
  tx: Queryable,
  a: {
    /** null: no operator signed in (`pnpm ops:user` on the command line). */
    operatorId: number | null;
    operator: string;
    action: OpsAuditAction;
    kind: OpsAuditKind;
    itemId: string;
    detail: AuditDetail;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO ops_audit (operator_id, operator, action, item_kind, item_id, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [a.operatorId, a.operator, a.action, a.kind, a.itemId, JSON.stringify(a.detail), a.now],
  );
}

/** An item's trail, oldest first; kind 'holiday' without an item id lists every holiday change. */
export async function auditOf(db: Queryable, kind: OpsAuditKind, itemId: string | null): Promise<AuditRow[]> {
  const rows = await db.query<{
    id: number | string;
    operator: string;
    action: OpsAuditAction;
    item_kind: OpsAuditKind;
    item_id: string;
    detail: AuditDetail | string;
    created_at: Date;
  }>(
    `SELECT id, operator, action, item_kind, item_id, detail, created_at FROM ops_audit
      WHERE item_kind = $1 AND ($2::text IS NULL OR item_id = $2::text) ORDER BY id LIMIT 1000`,
    [kind, itemId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    operator: r.operator,
    action: r.action,
    kind: r.item_kind,
    itemId: r.item_id,
    detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as AuditDetail) : r.detail,
    createdAt: r.created_at,
  }));
}
