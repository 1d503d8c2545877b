import type { Queryable } from '../db/types.ts';

export async function saveRating(
  db: Queryable,
  input: { borrowerId: number; score: number; orderNo: string | null; now: Date },
): Promise<void> {
  await db.query('INSERT INTO app_ratings (borrower_id, score, order_no, created_at) VALUES ($1, $2, $3, $4)', [
    input.borrowerId,
    input.score,
    input.orderNo,
    input.now,
  ]);
}

export async function hasRated(db: Queryable, borrowerId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM app_ratings WHERE borrower_id = $1 LIMIT 1', [borrowerId]);
  return rows.length > 0;
}
