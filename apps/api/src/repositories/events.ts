import type { Queryable } from '../db/types.ts';

/** 'page': market/pageEvent/save; 'product': v3/event/save; 'stand': market/stand/necessity. */
export type ProductEventKind = 'page' | 'product' | 'stand';

export async function saveProductEvent(
  db: Queryable,
  input: { kind: ProductEventKind; borrowerId: number; productId: number; moduleId: number | null; positionId: number; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO product_events (kind, borrower_id, product_id, module_id, position_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [input.kind, input.borrowerId, input.productId, input.moduleId, input.positionId, input.now],
  );
}
