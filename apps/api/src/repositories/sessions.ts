import { prepared } from '../db/prepared.ts';
import type { Queryable } from '../db/types.ts';
import { newToken, tokenHash } from '../lib/crypto.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface Borrower {
  id: number;
  phone: string;
  isRepeatClient: boolean;
}

/** Creates a session for the borrower and returns its token (only the hash is stored). */
export async function createSession(db: Queryable, input: { borrowerId: number; deviceId?: string; now: Date }): Promise<string> {
  const token = newToken();
  await db.query('INSERT INTO sessions (token_hash, borrower_id, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    tokenHash(token),
    input.borrowerId,
    input.deviceId ?? null,
    input.now,
    new Date(input.now.getTime() + SESSION_TTL_MS),
  ]);
  return token;
}

/** The borrower of a live session, or null for an unknown or expired token. */
/** Every borrower route's first statement (lib/identity.ts): a named statement on PostgreSQL (db/prepared.ts). */
const SESSION_BORROWER_SQL = prepared(`SELECT b.id, b.phone, b.is_repeat_client
       FROM sessions s JOIN borrowers b ON b.id = s.borrower_id
      WHERE s.token_hash = $1 AND s.expires_at > $2`);

export async function findSessionBorrower(db: Queryable, token: string, now: Date): Promise<Borrower | null> {
  const [row] = await db.query<{ id: number; phone: string; is_repeat_client: boolean }>(SESSION_BORROWER_SQL, [tokenHash(token), now]);
  return row ? { id: row.id, phone: row.phone, isRepeatClient: row.is_repeat_client } : null;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash(token)]);
}

export async function findBorrowerByPhone(db: Queryable, phone: string): Promise<Borrower | null> {
  const [row] = await db.query<{ id: number; phone: string; is_repeat_client: boolean }>(
    'SELECT id, phone, is_repeat_client FROM borrowers WHERE phone = $1',
    [phone],
  );
  return row ? { id: row.id, phone: row.phone, isRepeatClient: row.is_repeat_client } : null;
}

/** Whether the borrower is a repeat client (the late-penalty rate of spec 9); false for an unknown id. */
export async function isRepeatClient(db: Queryable, borrowerId: number): Promise<boolean> {
  const [row] = await db.query<{ is_repeat_client: boolean }>('SELECT is_repeat_client FROM borrowers WHERE id = $1', [borrowerId]);
  return row?.is_repeat_client ?? false;
}

/** The borrower's phone by id, or null. */
export async function findBorrowerPhone(db: Queryable, borrowerId: number): Promise<string | null> {
  const [row] = await db.query<{ phone: string }>('SELECT phone FROM borrowers WHERE id = $1', [borrowerId]);
  return row?.phone ?? null;
}

/** Housekeeping (services/maintenance.ts): sessions past their expiry. */
export async function purgeExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
}
