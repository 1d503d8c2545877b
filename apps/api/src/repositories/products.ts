import type { Queryable } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';

/** A product as stored (money in minor units, rate in basis points a day). */
export interface Product {
  id: number;
  name: string;
  logoUrl: string;
  inHouse: boolean;
  amountMin: number;
  amountMax: number;
  termMinDays: number;
  termMaxDays: number;
  dailyRateBp: number;
  /** One-time processing fee in basis points of the principal, deducted from the disbursement (migration 013). */
  processingFeeBp: number;
  rateText: Record<Lang, string>;
  description: Record<Lang, string>;
  tags: Record<Lang, string[]>;
  buttonText: Record<Lang, string>;
  buttonStatus: 0 | 1;
  applyUrl: string | null;
  repayUrl: string | null;
  /** The offer of /confirm (column NULL → amountMax). */
  defaultAmount: number;
  /** The offer of /confirm (column NULL → termMinDays). */
  defaultTermDays: number;
  /** Applications per business day; null = no limit. */
  dailyQuota: number | null;
  active: boolean;
  /** Today's quota is used up (only set by the list queries that take a business day). */
  quotaFull: boolean;
}

/** A products row as selected (`SELECT p.*`); the reference data parses the same from JSON (reference-data.ts). */
export interface ProductDbRow {
  id: number;
  name: string;
  logo_url: string;
  in_house: boolean;
  amount_min: number;
  amount_max: number;
  term_min_days: number;
  term_max_days: number;
  daily_rate_bp: number;
  processing_fee_bp: number;
  rate_text_en: string;
  rate_text_id: string;
  description_en: string;
  description_id: string;
  tags_en: string[];
  tags_id: string[];
  button_text_en: string;
  button_text_id: string;
  button_status: number;
  apply_url: string | null;
  repay_url: string | null;
  default_amount: number | null;
  default_term_days: number | null;
  daily_quota: number | null;
  active: boolean;
  quota_full?: boolean;
}

export const toProduct = (r: ProductDbRow): Product => ({
  id: r.id,
  name: r.name,
  logoUrl: r.logo_url,
  inHouse: r.in_house,
  amountMin: r.amount_min,
  amountMax: r.amount_max,
  termMinDays: r.term_min_days,
  termMaxDays: r.term_max_days,
  dailyRateBp: r.daily_rate_bp,
  processingFeeBp: r.processing_fee_bp,
  rateText: { en: r.rate_text_en, id: r.rate_text_id },
  description: { en: r.description_en, id: r.description_id },
  tags: { en: r.tags_en, id: r.tags_id },
  buttonText: { en: r.button_text_en, id: r.button_text_id },
  buttonStatus: r.button_status === 0 ? 0 : 1,
  applyUrl: r.apply_url,
  repayUrl: r.repay_url,
  defaultAmount: r.default_amount ?? r.amount_max,
  defaultTermDays: r.default_term_days ?? r.term_min_days,
  dailyQuota: r.daily_quota,
  active: r.active,
  quotaFull: r.quota_full ?? false,
});

/** quota_full for business day $1 (p = products, u = product_quota_usage joined on that day). */
const QUOTA_SELECT = `p.*, (p.daily_quota IS NOT NULL AND COALESCE(u.used, 0) >= p.daily_quota) AS quota_full`;
const QUOTA_JOIN = `LEFT JOIN product_quota_usage u ON u.product_id = p.id AND u.business_day = $1::date`;

/** A product by id, with today's quota state; inactive products only with `includeInactive`. */
export async function findProduct(
  db: Queryable,
  id: number,
  businessDay: string,
  options: { includeInactive?: boolean } = {},
): Promise<Product | null> {
  const rows = await db.query<ProductDbRow>(
    `SELECT ${QUOTA_SELECT} FROM products p ${QUOTA_JOIN} WHERE p.id = $2 AND ($3::boolean OR p.active)`,
    [businessDay, id, options.includeInactive ?? false],
  );
  return rows[0] ? toProduct(rows[0]) : null;
}

/** Does a product with this id exist at all (active or not)? */
export async function productExists(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM products WHERE id = $1', [id]);
  return rows.length > 0;
}

/** Does any product belong to this scene (quota and active state aside)? */
export async function sceneExists(db: Queryable, scene: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM product_scenes WHERE scene = $1 LIMIT 1', [scene]);
  return rows.length > 0;
}

/**
 * Active products of a scene whose quota is not full on `businessDay`, in the scene's order
 * (sort_order of the scene, then product id): a stable order.
 */
export async function listSceneProducts(db: Queryable, scene: string, businessDay: string): Promise<Product[]> {
  const rows = await db.query<ProductDbRow>(
    `SELECT ${QUOTA_SELECT}
       FROM product_scenes s JOIN products p ON p.id = s.product_id ${QUOTA_JOIN}
      WHERE s.scene = $2 AND p.active
        AND NOT (p.daily_quota IS NOT NULL AND COALESCE(u.used, 0) >= p.daily_quota)
      ORDER BY s.sort_order, p.id`,
    [businessDay, scene],
  );
  return rows.map(toProduct);
}

/**
 * Active products whose quota is not full on `businessDay`, in catalogue order (sort_order, id), except
 * `excludeId`; `partnersOnly` leaves out in-house products.
 */
export async function listAvailableProducts(
  db: Queryable,
  businessDay: string,
  options: { excludeId?: number; partnersOnly?: boolean } = {},
): Promise<Product[]> {
  const rows = await db.query<ProductDbRow>(
    `SELECT ${QUOTA_SELECT}
       FROM products p ${QUOTA_JOIN}
      WHERE p.active
        AND NOT (p.daily_quota IS NOT NULL AND COALESCE(u.used, 0) >= p.daily_quota)
        AND ($2::integer IS NULL OR p.id <> $2::integer)
        AND (NOT $3::boolean OR NOT p.in_house)
      ORDER BY p.sort_order, p.id`,
    [businessDay, options.excludeId ?? null, options.partnersOnly ?? false],
  );
  return rows.map(toProduct);
}

export type ApplicationOutcome = 'recorded' | 'repeat' | 'quota-full';

/**
 * Records an application of `borrowerId` to `product` on `businessDay` (call inside a transaction):
 * - the borrower already applied to it that day → 'repeat' (nothing counted again);
 * - otherwise takes one place of the day's quota atomically (INSERT .. ON CONFLICT DO UPDATE .. WHERE
 *   used < quota: concurrent instances cannot both take the last place) → 'recorded', or 'quota-full' and
 *   nothing is written (the caller's transaction is rolled back by throwing).
 */
export async function recordApplication(
  tx: Queryable,
  input: {
    borrowerId: number;
    product: Product;
    businessDay: string;
    source: 'apply' | 'joint';
    scene: string;
    moduleId: number;
    now: Date;
  },
): Promise<ApplicationOutcome> {
  const inserted = await tx.query(
    `INSERT INTO product_applications (borrower_id, product_id, business_day, source, scene, module_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (product_id, borrower_id, business_day) DO NOTHING
     RETURNING id`,
    [input.borrowerId, input.product.id, input.businessDay, input.source, input.scene, input.moduleId, input.now],
  );
  if (inserted.length === 0) return 'repeat';
  const quota = input.product.dailyQuota;
  if (quota === null) return 'recorded';
  if (quota === 0) return 'quota-full';
  const taken = await tx.query(
    `INSERT INTO product_quota_usage (product_id, business_day, used) VALUES ($1, $2, 1)
     ON CONFLICT (product_id, business_day) DO UPDATE SET used = product_quota_usage.used + 1
       WHERE product_quota_usage.used < $3
     RETURNING used`,
    [input.product.id, input.businessDay, quota],
  );
  return taken.length === 1 ? 'recorded' : 'quota-full';
}

/** Name and logo of the products `ids` (one query; an empty list asks nothing). */
export async function productNamesAndLogos(db: Queryable, ids: readonly number[]): Promise<Map<number, { name: string; logo: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; name: string; logo_url: string }>(
    'SELECT id, name, logo_url FROM products WHERE id = ANY($1::integer[])',
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, logo: r.logo_url }]));
}
