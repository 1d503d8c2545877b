import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';

// The support console (migration 011; repositories/ops-console.ts re-exports every part): contact messages.

export interface NewContactMessage {
  source: 'home' | 'contact';
  name: string;
  email: string;
  phone: string;
  message: string;
  lang: Lang;
  addressHash: string;
  now: Date;
}

export async function insertContactMessage(db: Queryable, m: NewContactMessage): Promise<number> {
  const [row] = await db.query<{ id: number | string }>(
    `INSERT INTO contact_messages (source, name, email, phone, message, lang, address_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.source, m.name, m.email, m.phone, m.message, m.lang, m.addressHash, m.now],
  );
  return Number(row!.id);
}

export interface ContactRow {
  id: number;
  source: 'home' | 'contact';
  name: string;
  email: string;
  phone: string;
  message: string;
  state: 'open' | 'closed';
  assigneeId: number | null;
  assigneeName: string | null;
  reply: string;
  closedBy: string;
  closedAt: Date | null;
  createdAt: Date;
}

export async function findContactMessage(db: Queryable, id: number): Promise<ContactRow | null> {
  const [r] = await db.query<{
    id: number | string;
    source: 'home' | 'contact';
    name: string;
    email: string;
    phone: string;
    message: string;
    state: 'open' | 'closed';
    assignee_id: number | null;
    assignee_name: string | null;
    reply: string | null;
    closed_by_name: string | null;
    closed_at: Date | null;
    created_at: Date;
  }>(
    `SELECT m.id, m.source, m.name, m.email, m.phone, m.message, m.state, m.assignee_id, a.username AS assignee_name,
            m.reply, c.username AS closed_by_name, m.closed_at, m.created_at
       FROM contact_messages m
       LEFT JOIN operators a ON a.id = m.assignee_id
       LEFT JOIN operators c ON c.id = m.closed_by
      WHERE m.id = $1`,
    [id],
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    source: r.source,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    state: r.state,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    reply: r.reply ?? '',
    closedBy: r.closed_by_name ?? '',
    closedAt: r.closed_at,
    createdAt: r.created_at,
  };
}

/** Closes an open message with the operator's note; false when it is missing or already closed (one UPDATE). */
export async function closeContactMessage(
  tx: Queryable,
  c: { id: number; operatorId: number; reply: string; now: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE contact_messages SET state = 'closed', reply = $3, closed_by = $2, closed_at = $4
      WHERE id = $1 AND state = 'open' RETURNING id`,
    [c.id, c.operatorId, c.reply, c.now],
  );
  return rows.length > 0;
}

/** The key that hashes senders' addresses (app_settings 'contact_address_key', made on first use by any instance). */
export async function contactAddressKey(db: Queryable): Promise<string> {
  await db.query(`INSERT INTO app_settings (key, value) VALUES ('contact_address_key', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = 'contact_address_key'");
  return row!.value;
}
