import type { Queryable } from '../db/types.ts';

export const SETTING = { supportEmail: 'support_email', supportPhone: 'support_phone' } as const;

export interface SupportContact {
  email: string;
  phone: string;
}

/** The customer-service contact (spec 7.2 contact-kf-info, and the default telephone of spec 3 / 9). */
export async function getSupportContact(db: Queryable): Promise<SupportContact | null> {
  const rows = await db.query<{ key: string; value: string }>('SELECT key, value FROM app_settings WHERE key = ANY($1)', [
    [SETTING.supportEmail, SETTING.supportPhone],
  ]);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const email = byKey.get(SETTING.supportEmail);
  const phone = byKey.get(SETTING.supportPhone);
  return email !== undefined && phone !== undefined ? { email, phone } : null;
}

/** Inserts the contact rows that are missing (values from SUPPORT_EMAIL / SUPPORT_PHONE); never overwrites. */
export async function ensureSupportContact(db: Queryable, defaults: SupportContact): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value) VALUES ($1, $2), ($3, $4) ON CONFLICT (key) DO NOTHING`,
    [SETTING.supportEmail, defaults.email, SETTING.supportPhone, defaults.phone],
  );
}

export async function setSetting(db: Queryable, key: string, value: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [key, value, now],
  );
}
