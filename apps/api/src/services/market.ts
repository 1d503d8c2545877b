import {
  DEFAULT_SCENE,
  type productApply,
  type recommendProductList,
  type standJoint,
  type standNecessity,
  type standTargeted,
} from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { t, type Lang, type MessageKey } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { notFound, rateLimited } from '../lib/errors.ts';
import { saveProductEvent, type ProductEventKind } from '../repositories/events.ts';
import { findProduct, listAvailableProducts, productExists } from '../repositories/products.ts';
import { isQuotaFull, readQuotaUsage, withQuota } from '../repositories/reference-data.ts';
import { BORROWER_LIMITS, capRule, hitRateLimit } from '../repositories/rate-limits.ts';
import { partnerLaunchUrl } from './partner.ts';
import { applyToProduct, toRecommended, toStandProduct, unavailableError } from './products.ts';

/** Products, recommendations, applying and the joint-login failure page (spec 7.5; docs/loans.md). */

/** Payload `status` of the stand calls (spec 7.5 / 8: 0 is ok). docs/loans.md. */
export const STAND_STATUS = { ok: 0, productNotAvailable: 1, notAccepting: 2 } as const;

/** Joint-login failure reasons the app may pass to /error; anything else gets the generic text. */
export const STAND_REASONS: Record<string, MessageKey> = {
  partner_rejected: 'standReasonPartnerRejected',
  account_mismatch: 'standReasonAccountMismatch',
  partner_timeout: 'standReasonPartnerTimeout',
  partner_maintenance: 'standReasonPartnerMaintenance',
};

/**
 * Events of all kinds (product, page, stand) per borrower per minute (BORROWER_LIMITS.eventsPerMinute, counted
 * in the database): a page sends a few; past the cap a script gets 429 and nothing is stored.
 */
async function enforceEventCap(db: Queryable, borrowerId: number, now: Date): Promise<void> {
  const cap = await hitRateLimit(db, capRule('events', borrowerId, BORROWER_LIMITS.eventsPerMinute), now);
  if (!cap.allowed) throw rateLimited('tooManyRequests', cap.retryAfterSeconds);
}

/**
 * A click on a product (v3/event/save: kind 'product'; market/pageEvent/save: kind 'page'): within the event cap,
 * of a product that exists (else NOT_FOUND), one product_events row.
 */
export async function recordProductEvent(
  db: Db,
  input: {
    kind: Exclude<ProductEventKind, 'stand'>;
    borrowerId: number;
    productId: number;
    moduleId: number;
    positionId: number;
    now: Date;
  },
): Promise<{ saved: true }> {
  await enforceEventCap(db, input.borrowerId, input.now);
  if (!(await productExists(db, input.productId))) throw notFound();
  await saveProductEvent(db, input);
  return { saved: true };
}

/**
 * Products of a scene, in the scene's order, without those whose daily quota is full today. No scene, or a
 * scene no product belongs to, is the default scene.
 */
export async function recommendedProducts(
  db: Db,
  input: { scene: string; now: Date; lang: Lang },
): Promise<AnswerOf<typeof recommendProductList>> {
  // One round trip (docs/performance.md "Hot reads"): today's quota usage; products and scenes from the reference data.
  const { reference: ref, usage } = await readQuotaUsage(db, jakartaDate(input.now));
  // sceneExists: any product in the scene, active or not; else the default scene (listSceneProducts' rules).
  const scene = input.scene !== '' && ref.scenes.has(input.scene) ? input.scene : DEFAULT_SCENE;
  const products = (ref.scenes.get(scene) ?? []).filter((p) => p.active && !isQuotaFull(p, usage)).map((p) => withQuota(p, usage));
  return products.map((p) => toRecommended(p, input.lang));
}

/**
 * Apply: records the application against today's quota and answers where to go (in-house → /confirm,
 * partner → its https link with a one-time joint-login code, never our session: issue 12 item 1).
 * buttonStatus 0 or a full quota → PRODUCT_UNAVAILABLE (HTTP 409).
 */
export async function applyFromMarket(
  db: Db,
  input: { borrowerId: number; request: InputOf<typeof productApply>; now: Date },
): Promise<AnswerOf<typeof productApply>> {
  const { borrowerId, request, now } = input;
  const businessDay = jakartaDate(now);
  const product = await findProduct(db, request.product_id, businessDay);
  if (!product) throw notFound();
  const result = await applyToProduct(db, {
    borrowerId,
    product,
    businessDay,
    source: 'apply',
    scene: request.scene,
    moduleId: request.module_id,
    now,
  });
  if ('refused' in result) throw unavailableError(result.refused);
  if (product.inHouse) return { url: result.url };
  return { url: await partnerLaunchUrl(db, { borrowerId, productId: product.id, url: result.url, now }) };
}

/** Joint-login failure page: the reason's text, a notice and partner products that take applications today. */
export async function standPage(
  db: Db,
  input: { request: InputOf<typeof standTargeted>; now: Date; lang: Lang },
): Promise<AnswerOf<typeof standTargeted>> {
  const { lang } = input;
  const key = Object.hasOwn(STAND_REASONS, input.request.reason) ? STAND_REASONS[input.request.reason]! : 'standReasonGeneric';
  const products = await listAvailableProducts(db, jakartaDate(input.now), { partnersOnly: true });
  return {
    status: STAND_STATUS.ok,
    message: '',
    errorMessage: t(lang, key),
    notice: t(lang, 'standNotice'),
    products: products.map((p) => toStandProduct(p, lang)),
  };
}

/** Tracking of the joint-login failure page: a product_events row of kind 'stand'. */
export async function recordStandEvent(
  db: Db,
  input: { borrowerId: number; request: InputOf<typeof standNecessity>; now: Date; lang: Lang },
): Promise<AnswerOf<typeof standNecessity>> {
  const { borrowerId, now, lang } = input;
  await enforceEventCap(db, borrowerId, now);
  const product = await findProduct(db, input.request.productId, jakartaDate(now));
  if (!product) return { status: STAND_STATUS.productNotAvailable, message: t(lang, 'productNotAvailable') };
  await saveProductEvent(db, {
    kind: 'stand',
    borrowerId,
    productId: product.id,
    moduleId: null,
    positionId: input.request.positionId,
    now,
  });
  return { status: STAND_STATUS.ok, message: '' };
}

/** Apply from the joint-login failure page: the same rules as apply, failures in the payload status. */
export async function applyFromStand(
  db: Db,
  input: { borrowerId: number; request: InputOf<typeof standJoint>; now: Date; lang: Lang },
): Promise<AnswerOf<typeof standJoint>> {
  const { borrowerId, now, lang } = input;
  const businessDay = jakartaDate(now);
  const product = await findProduct(db, input.request.productId, businessDay);
  if (!product) return { status: STAND_STATUS.productNotAvailable, message: t(lang, 'productNotAvailable'), url: '' };
  const result = await applyToProduct(db, { borrowerId, product, businessDay, source: 'joint', scene: 'stand', moduleId: 300, now });
  if ('refused' in result) {
    const key = result.refused === 'disabled' ? 'productUnavailable' : 'productQuotaFull';
    return { status: STAND_STATUS.notAccepting, message: t(lang, key), url: '' };
  }
  const url = product.inHouse ? result.url : await partnerLaunchUrl(db, { borrowerId, productId: product.id, url: result.url, now });
  return { status: STAND_STATUS.ok, message: '', url };
}
