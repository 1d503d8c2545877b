import pg from 'pg';
import type { Db, Row } from '../db/types.ts';
import { UnsafeIntegerError } from '../db/parsers.ts';
import { prepared } from '../db/prepared.ts';
import { sharedRead } from '../lib/shared-read.ts';
import { GRIEVANCE_OFFICER_SETTING, type GrievanceOfficer } from './grievance-officer.ts';
import { toProduct, type Product, type ProductDbRow } from './products.ts';
import { SETTING, parseCoolingOffDays, parseLateChargeCapPercent, type SupportContact } from './settings.ts';

/**
 * Reference data of the hot reads (issue 14 item 4; docs/performance.md "Hot reads"): what every loan details,
 * recommend list, complaint list and contact answer reads and only an operator changes. Products and their scenes,
 * the settings rows below, public holidays. Each API instance keeps one copy per database in process, and each hot
 * read checks it in its own (one) statement: it selects the version (reference_data_version: a hash of this data that
 * migration 020's triggers rewrite in every transaction changing it), and the data itself only when the version differs from the copy's
 * (referenceColumns). So a change is seen by every instance on its next read, however it was made (console, SQL by
 * hand, seed, CLI), and a read costs no extra round trip for it, changed or not.
 */

/** The app_settings keys cached here; migrations 020 (hash, triggers) and 021 (reference_data_json) list the same keys (a test compares them). */
export const REFERENCE_SETTING_KEYS = [
  SETTING.supportEmail,
  SETTING.supportPhone,
  SETTING.lateChargeCapPercent,
  SETTING.coolingOffDays,
  GRIEVANCE_OFFICER_SETTING.name,
  GRIEVANCE_OFFICER_SETTING.phone,
  GRIEVANCE_OFFICER_SETTING.email,
  GRIEVANCE_OFFICER_SETTING.address,
] as const;

export interface ReferenceData {
  /** null: no version row (reference_data_version truncated by hand); such data is used for one read and never kept. */
  version: string | null;
  /** Every product, active or not, by id. */
  products: ReadonlyMap<number, Product>;
  /** Every product in catalogue order (sort_order, id). */
  catalogue: readonly Product[];
  /** The products of each scene in the scene's order (its sort_order, then product id). */
  scenes: ReadonlyMap<string, readonly Product[]>;
  lateChargeCapPercent: number | null;
  coolingOffDays: number;
  /** null while a row is missing (services answer as before: an error for the contact, '' for a telephone). */
  supportContact: SupportContact | null;
  grievanceOfficer: GrievanceOfficer | null;
  holidays: ReadonlySet<string>;
}

/**
 * Two columns to add to a hot read's SELECT: lv_ref_version, and lv_ref_data (the data as JSON: migration 021's
 * reference_data_json(), only called when the version is not `param`, the version of the copy this instance holds;
 * pass versionParam(heldReference(db)) there). One snapshot: the version and the data come from the same statement.
 */
export function referenceColumns(param: string): string {
  return `(SELECT version FROM reference_data_version) AS lv_ref_version,
    CASE WHEN ${staleCondition(param)} THEN reference_data_json() END AS lv_ref_data`;
}

/** True when the copy of version `param` (null: none) is not the database's current reference data. */
export function staleCondition(param: string): string {
  return `(${param}::text IS NULL OR ${param}::text IS DISTINCT FROM (SELECT version FROM reference_data_version))`;
}

/** The columns referenceColumns adds, as they come back. */
export interface ReferenceColumns {
  lv_ref_version: string | null;
  lv_ref_data: unknown;
}

// One copy per database object (an instance, or a test's second app on its own pool, has its own).
const copies = new WeakMap<Db, ReferenceData>();

/** This instance's copy as a read starts (undefined: none yet); its version is referenceColumns' parameter. */
export function heldReference(db: Db): ReferenceData | undefined {
  return copies.get(db);
}

/** referenceColumns' parameter for the copy `held`. */
export const versionParam = (held: ReferenceData | undefined): string | null => held?.version ?? null;

/**
 * The reference data current in the read that returned `row`: `held` (the copy the read was sent with) when the
 * database still had its version, else the data that came with the row (kept as the new copy).
 */
export function referenceFrom(db: Db, held: ReferenceData | undefined, row: ReferenceColumns): ReferenceData {
  if (row.lv_ref_data === null || row.lv_ref_data === undefined) {
    if (held && held.version !== null && held.version === row.lv_ref_version) return held;
    throw new Error('reference data: the version changed but no data came with it');
  }
  const data = parseReference(row.lv_ref_version, row.lv_ref_data as RawReference);
  if (data.version !== null) copies.set(db, data);
  else if (copies.get(db) === held) copies.delete(db);
  return data;
}

// Named statements on PostgreSQL (db/prepared.ts): explicit columns only, so a migration adding a column to a
// table they read cannot change their result type under a running instance.
let LOAD_REFERENCE_SQL: string | undefined;
let QUOTA_USAGE_SQL: string | undefined;

/**
 * The reference data in one round trip of its own (contact info: a read that has nothing else to ask), shared by the
 * callers that arrive together (lib/shared-read.ts: each still gets a read that started after it called).
 */
export function loadReference(db: Db): Promise<ReferenceData> {
  return sharedRead(db, 'reference', async () => {
    const held = heldReference(db);
    const [row] = await db.query<ReferenceColumns>((LOAD_REFERENCE_SQL ??= prepared(`SELECT ${referenceColumns('$1')}`)), [
      versionParam(held),
    ]);
    return referenceFrom(db, held, row!);
  });
}

interface RawReference {
  products: Record<string, unknown>[] | null;
  scenes: [string, number][] | null;
  settings: Record<string, string> | null;
  holidays: string[] | null;
}

/**
 * A row selected as JSON (to_jsonb): its bigint columns are the numbers the driver's int8 parser gives, and a value a
 * JS number cannot hold exactly is refused the same way (parsers.ts; any integer beyond the safe range parses unsafe).
 */
export function safeIntegers(row: Record<string, unknown>, table: string): Row {
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      throw new UnsafeIntegerError(`int8 value ${String(value)} of ${table}.${key} exceeds the safe integer range`);
    }
  }
  return row;
}

function parseReference(version: string | null, raw: RawReference): ReferenceData {
  const catalogue = (raw.products ?? []).map((r) => toProduct(safeIntegers(r, 'products') as unknown as ProductDbRow));
  const products = new Map(catalogue.map((p) => [p.id, p]));
  const scenes = new Map<string, Product[]>();
  for (const [scene, productId] of raw.scenes ?? []) {
    const product = products.get(productId);
    if (!product) continue;
    const list = scenes.get(scene) ?? [];
    list.push(product);
    scenes.set(scene, list);
  }
  const settings = raw.settings ?? {};
  const email = settings[SETTING.supportEmail];
  const phone = settings[SETTING.supportPhone];
  const officer = {
    name: settings[GRIEVANCE_OFFICER_SETTING.name],
    phone: settings[GRIEVANCE_OFFICER_SETTING.phone],
    email: settings[GRIEVANCE_OFFICER_SETTING.email],
    address: settings[GRIEVANCE_OFFICER_SETTING.address],
  };
  return {
    version,
    products,
    catalogue,
    scenes,
    lateChargeCapPercent: parseLateChargeCapPercent(settings[SETTING.lateChargeCapPercent]),
    coolingOffDays: parseCoolingOffDays(settings[SETTING.coolingOffDays]),
    supportContact: email !== undefined && phone !== undefined ? { email, phone } : null,
    grievanceOfficer:
      officer.name !== undefined && officer.phone !== undefined && officer.email !== undefined && officer.address !== undefined
        ? { name: officer.name, phone: officer.phone, email: officer.email, address: officer.address }
        : null,
    holidays: new Set(raw.holidays ?? []),
  };
}

/**
 * Products whose quota is full on the business day of `usage` (product id → applications used that day, from
 * product_quota_usage): the same rule as the product queries (daily_quota set and used ≥ it).
 */
export function isQuotaFull(p: Product, usage: Readonly<Record<string, number>> | null): boolean {
  return p.dailyQuota !== null && (usage?.[String(p.id)] ?? 0) >= p.dailyQuota;
}

/** A product as the list queries return it: with today's quotaFull. */
export const withQuota = (p: Product, usage: Readonly<Record<string, number>> | null): Product => ({
  ...p,
  quotaFull: isQuotaFull(p, usage),
});

/** Today's applications per product, as a JSON column of a hot read (`$day` a business day 'YYYY-MM-DD'). */
export const quotaUsageColumn = (day: string) =>
  `(SELECT json_object_agg(u.product_id, u.used) FROM product_quota_usage u WHERE u.business_day = ${day}::date) AS lv_quota_usage`;

/** Today's quota usage and the reference data in one round trip (the recommend list: services/market.ts). */
export function readQuotaUsage(db: Db, businessDay: string): Promise<{ reference: ReferenceData; usage: Record<string, number> | null }> {
  // Nothing of the borrower in it: shared by the callers of the same day that arrive together (lib/shared-read.ts).
  return sharedRead(db, `quota-usage ${businessDay}`, async () => {
    const held = heldReference(db);
    const [row] = await db.query<ReferenceColumns & { lv_quota_usage: Record<string, number> | null }>(
      (QUOTA_USAGE_SQL ??= prepared(`SELECT ${quotaUsageColumn('$1')}, ${referenceColumns('$2')}`)),
      [businessDay, versionParam(held)],
    );
    return { reference: referenceFrom(db, held, row!), usage: row!.lv_quota_usage };
  });
}

// --- Timestamps inside JSON ----------------------------------------------------------------------------------------

const pgTimestamptz = pg.types.getTypeParser(1184, 'text') as (text: string) => Date;
/** PGlite's own timestamptz parser (@electric-sql/pglite types: 'infinity' aside, `new Date(text)`). */
const pgliteTimestamptz = (text: string) => new Date(text);

/**
 * A timestamptz selected as `column::text` inside JSON, parsed exactly as the database driver parses the column
 * itself: the same Date a plain SELECT of it gives on this backend.
 */
export function timestamptzParser(db: Db): (text: string) => Date {
  return db.kind === 'pg' ? pgTimestamptz : pgliteTimestamptz;
}
