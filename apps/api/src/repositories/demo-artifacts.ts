import type { Queryable } from '../db/types.ts';

// What the production start-up checks read (services/startup-checks.ts): traces of the demo in a database.

/** Live sessions among these token hashes. */
export async function countLiveSessionsOf(db: Queryable, tokenHashes: string[], now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE token_hash = ANY($1) AND expires_at > $2', [
    tokenHashes,
    now,
  ]);
  return row?.n ?? 0;
}

/** An operator's password hash and whether the account is disabled, or null when there is no such account. */
export async function findOperatorPassword(db: Queryable, username: string): Promise<{ passwordHash: string; disabled: boolean } | null> {
  const [row] = await db.query<{ password_hash: string; disabled: boolean }>(
    'SELECT password_hash, disabled FROM operators WHERE username = $1',
    [username],
  );
  return row ? { passwordHash: row.password_hash, disabled: row.disabled } : null;
}

/** DEMO-* orders, borrowers with these phones and operators with these usernames. */
export async function countDemoData(
  db: Queryable,
  demo: { phones: string[]; usernames: string[] },
): Promise<{ orders: number; borrowers: number; operators: number }> {
  const [row] = await db.query<{ orders: number; borrowers: number; operators: number }>(
    `SELECT (SELECT count(*)::int FROM orders WHERE order_no LIKE 'DEMO-%') AS orders,
            (SELECT count(*)::int FROM borrowers WHERE phone = ANY($1::text[])) AS borrowers,
            (SELECT count(*)::int FROM operators WHERE username = ANY($2::text[])) AS operators`,
    [demo.phones, demo.usernames],
  );
  return { orders: row?.orders ?? 0, borrowers: row?.borrowers ?? 0, operators: row?.operators ?? 0 };
}
