import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';

export const SETTING = {
  supportEmail: 'support_email',
  supportPhone: 'support_phone',
  /** Late charges never exceed this % of the principal (migration 003; docs/repayment.md). */
  lateChargeCapPercent: 'late_charge_cap_percent',
  /** Days after disbursement the borrower may exit the loan (migration 013; docs/compliance.md). */
  coolingOffDays: 'cooling_off_days',
} as const;

/** RBI's minimum cooling-off period, used when the setting row is missing or unreadable. */
export const DEFAULT_COOLING_OFF_DAYS = 3;

/**
 * The cooling-off period in days after disbursement (the disbursement day is day 0): an integer 0-30, 0 = no
 * exit. A missing or malformed value falls back to DEFAULT_COOLING_OFF_DAYS, the borrower-safe reading.
 */
export async function getCoolingOffDays(db: Queryable): Promise<number> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [SETTING.coolingOffDays]);
  return parseCoolingOffDays(row?.value);
}

/** getCoolingOffDays' reading of the row's value (undefined: no row). */
export function parseCoolingOffDays(raw: string | undefined): number {
  const value = raw?.trim();
  if (value !== undefined && /^\d{1,2}$/.test(value) && Number(value) <= 30) return Number(value);
  return DEFAULT_COOLING_OFF_DAYS;
}

/** Indonesia's cap, used when the setting row is missing or unreadable: late charges ≤ 100 % of the principal. */
export const DEFAULT_LATE_CHARGE_CAP_PERCENT = 100;

/**
 * The late-charge cap of this market: an integer percentage of the principal (0-1000), or null for 'none' (no
 * cap). A missing or malformed value falls back to DEFAULT_LATE_CHARGE_CAP_PERCENT: the borrower-safe reading.
 */
export async function getLateChargeCapPercent(db: Queryable): Promise<number | null> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [SETTING.lateChargeCapPercent]);
  return parseLateChargeCapPercent(row?.value);
}

/** getLateChargeCapPercent's reading of the row's value (undefined: no row). */
export function parseLateChargeCapPercent(raw: string | undefined): number | null {
  const value = raw?.trim();
  if (value === 'none') return null;
  if (value !== undefined && /^\d{1,4}$/.test(value) && Number(value) <= 1000) return Number(value);
  return DEFAULT_LATE_CHARGE_CAP_PERCENT;
}

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
  await db.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2), ($3, $4) ON CONFLICT (key) DO NOTHING`, [
    SETTING.supportEmail,
    defaults.email,
    SETTING.supportPhone,
    defaults.phone,
  ]);
}

export async function setSetting(db: Queryable, key: string, value: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [key, value, now],
  );
}

/** The readiness probe's committed write: `key` set to `value` (a scratch row; routes/health /readyz). */
export async function writeProbeSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
    key,
    value,
  ]);
}

/** Names of the migrations recorded as applied (db/migrate.ts writes them). */
export async function appliedMigrationNames(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  return new Set(rows.map((r) => r.name));
}

/**
 * A random 32-byte secret (hex) kept in app_settings under `key`: made by the first instance that asks (INSERT ... ON
 * CONFLICT DO NOTHING, then read), so instances starting together agree on one. The preview links', the file URLs'
 * and the operators' TOTP sealing keys when none is configured.
 */
export async function randomSecretSetting(db: Queryable, key: string): Promise<string> {
  await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    key,
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [key]);
  return row!.value;
}
