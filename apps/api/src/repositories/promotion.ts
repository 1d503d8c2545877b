import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import { sha256Hex } from '../lib/crypto.ts';

/** app_settings key of the salt that IP hashes are made with (created on first use, shared by every instance). */
export const TRACKING_IP_SALT = 'tracking_ip_salt';

/**
 * Pseudonymises client IPs for the promotion tables: sha256 of a per-database random salt and the IP. Equal IPs
 * give equal hashes (distinct visitors can be counted) but the tables alone do not give the IP back. The salt is
 * read once per app and kept: it never changes after it is created.
 */
export function ipHasher(db: Db): (ip: string) => Promise<string> {
  let salt: Promise<string> | undefined;
  const load = async () => {
    await db.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
      TRACKING_IP_SALT,
      randomBytes(32).toString('hex'),
    ]);
    const [row] = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [TRACKING_IP_SALT]);
    if (!row) throw new Error('tracking salt missing after insert');
    return row.value;
  };
  return async (ip) => {
    salt ??= load().catch((err: unknown) => {
      salt = undefined; // a failed read is retried by the next request, not cached
      throw err;
    });
    return sha256Hex(`ip:${await salt}:${ip}`);
  };
}

export interface PromotionEvent {
  kind: 'visit' | 'click';
  pageId: number;
  pageType: number;
  userFrom: string;
  appFrom: string;
  utmTag: string;
  clientType: 'ios' | 'android' | 'other';
  phone: string | null;
  ipHash: string;
  at: Date;
}

export async function insertPromotionEvent(db: Queryable, e: PromotionEvent): Promise<void> {
  await db.query(
    `INSERT INTO promotion_events (kind, page_id, page_type, user_from, app_from, utm_tag, client_type, phone, ip_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [e.kind, e.pageId, e.pageType, e.userFrom, e.appFrom, e.utmTag, e.clientType, e.phone, e.ipHash, e.at],
  );
}

/** Creates the borrower of a registration; null when the phone is already a borrower (a concurrent registration). */
export async function createRegisteredBorrower(tx: Queryable, phone: string, now: Date): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO borrowers (phone, is_repeat_client, created_at) VALUES ($1, false, $2)
     ON CONFLICT (phone) DO NOTHING RETURNING id`,
    [phone, now],
  );
  return row?.id ?? null;
}

export interface RegistrationSource {
  templateId: number;
  userFrom: string;
  appFrom: string;
  utmTag: string;
  inviteCode: string;
  appName: string;
  deviceId: string;
  ipHash: string;
}

export async function recordRegistration(tx: Queryable, borrowerId: number, s: RegistrationSource, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO promotion_registrations
       (borrower_id, template_id, user_from, app_from, utm_tag, invite_code, app_name, device_id, ip_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [borrowerId, s.templateId, s.userFrom, s.appFrom, s.utmTag, s.inviteCode, s.appName, s.deviceId, s.ipHash, now],
  );
}
