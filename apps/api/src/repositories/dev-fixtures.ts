import type { Queryable } from '../db/types.ts';

/**
 * The demo-only test fixtures' own statements (services/dev-fixtures.ts; the rest of a fixture is written with the
 * demo seed's writers in db/demo and the ordinary repositories).
 */

/** A borrower with `phone`, or null when the phone is taken (the caller draws another). */
export async function insertBorrowerIfNewPhone(
  tx: Queryable,
  borrower: { phone: string; displayName: string; isRepeatClient: boolean },
): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO borrowers (phone, display_name, is_repeat_client) VALUES ($1, $2, $3)
     ON CONFLICT (phone) DO NOTHING RETURNING id`,
    [borrower.phone, borrower.displayName, borrower.isRepeatClient],
  );
  return row?.id ?? null;
}
