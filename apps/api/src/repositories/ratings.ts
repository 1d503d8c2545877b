import type { Queryable } from '../db/types.ts';

/**
 * App ratings (loan details google-score): one row per borrower per order, and one for ratings sent without an
 * order (decision, docs/api.md "Limits"). A second rating of the same order updates the stars instead of adding a
 * row: the native rating sheet may be shown again and a borrower may change their mind, and a retry must not
 * count twice; refusing it would show an error after a tap the borrower cannot take back.
 */
export async function saveRating(
  db: Queryable,
  input: { borrowerId: number; score: number; orderNo: string | null; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO app_ratings (borrower_id, score, order_no, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (borrower_id, (coalesce(order_no, ''))) DO UPDATE SET score = EXCLUDED.score, updated_at = EXCLUDED.created_at`,
    [input.borrowerId, input.score, input.orderNo, input.now],
  );
}
