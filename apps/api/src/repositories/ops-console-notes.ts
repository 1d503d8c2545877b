import type { OpsItemKind } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';

// The support console (migration 011; repositories/ops-console.ts re-exports every part): notes.

export interface NoteRow {
  id: number;
  operator: string;
  text: string;
  createdAt: Date;
}

export async function insertNote(
  tx: Queryable,
  n: { kind: OpsItemKind; id: number; operatorId: number; text: string; now: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number | string }>(
    'INSERT INTO ops_notes (item_kind, item_id, operator_id, body, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [n.kind, n.id, n.operatorId, n.text, n.now],
  );
  return Number(row!.id);
}

export async function notesOf(db: Queryable, kind: OpsItemKind, id: number): Promise<NoteRow[]> {
  const rows = await db.query<{ id: number | string; username: string; body: string; created_at: Date }>(
    `SELECT n.id, o.username, n.body, n.created_at FROM ops_notes n JOIN operators o ON o.id = n.operator_id
      WHERE n.item_kind = $1 AND n.item_id = $2 ORDER BY n.id`,
    [kind, id],
  );
  return rows.map((r) => ({ id: Number(r.id), operator: r.username, text: r.body, createdAt: r.created_at }));
}
