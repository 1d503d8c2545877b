import type { Queryable } from '../db/types.ts';

// sms_outbox: the messages of the outbox SMS provider (providers/sms.ts), read back by GET /dev/sms-outbox in demo mode.

export async function insertOutboxMessage(
  db: Queryable,
  message: { phone: string; purpose: string; body: string; now: Date },
): Promise<void> {
  await db.query('INSERT INTO sms_outbox (phone, purpose, body, created_at) VALUES ($1, $2, $3, $4)', [
    message.phone,
    message.purpose,
    message.body,
    message.now,
  ]);
}

export interface OutboxMessage {
  id: number;
  phone: string;
  body: string;
  purpose: string;
  createdAt: Date;
}

/** The newest 20 messages to a phone, newest first. */
export async function latestOutboxMessages(db: Queryable, phone: string): Promise<OutboxMessage[]> {
  const rows = await db.query<{ id: number; phone: string; body: string; purpose: string; created_at: Date }>(
    'SELECT id, phone, body, purpose, created_at FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 20',
    [phone],
  );
  return rows.map((r) => ({ id: r.id, phone: r.phone, body: r.body, purpose: r.purpose, createdAt: r.created_at }));
}

/** Housekeeping (services/maintenance.ts): outbox rows written before `before` (a stand-in for a gateway, not an archive). */
export async function purgeOutboxMessages(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM sms_outbox WHERE created_at <= $1', [before]);
}
