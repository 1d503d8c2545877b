import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_SCENE,
  pageEventSave,
  productApply,
  recommendProductList,
  standJoint,
  standNecessity,
  standTargeted,
} from '@lendview/contracts';
import { t, type MessageKey } from '../../i18n/messages.ts';
import { jakartaDate } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { saveProductEvent } from '../../repositories/events.ts';
import { findProduct, listAvailableProducts, listSceneProducts, productExists, sceneExists } from '../../repositories/products.ts';
import { enforceEventCap } from '../event/index.ts';
import { applyToProduct, toRecommended, toStandProduct, unavailableError } from '../../services/products.ts';
import { partnerLaunchUrl } from '../../services/partner.ts';

/** Payload `status` of the stand calls (spec 7.5 / 8: 0 is ok). docs/loans.md. */
export const STAND_STATUS = { ok: 0, productNotAvailable: 1, notAccepting: 2 } as const;

/** Joint-login failure reasons the app may pass to /error; anything else gets the generic text. */
export const STAND_REASONS: Record<string, MessageKey> = {
  partner_rejected: 'standReasonPartnerRejected',
  account_mismatch: 'standReasonAccountMismatch',
  partner_timeout: 'standReasonPartnerTimeout',
  partner_maintenance: 'standReasonPartnerMaintenance',
};

/** Spec 7.5: products and recommendations under {seg2} = /market. Every call needs a borrower session. */
export default async function marketRoutes(app: FastifyInstance) {
  /**
   * Products of a scene, in the scene's order, without those whose daily quota is full today. No scene, or a
   * scene no product belongs to, is the default scene.
   */
  registerEndpoint(app, recommendProductList, {
    auth: true,
    handler: async ({ input, db, now, lang }) => {
      const scene = input.scene !== '' && (await sceneExists(db, input.scene)) ? input.scene : DEFAULT_SCENE;
      const products = await listSceneProducts(db, scene, jakartaDate(now));
      return products.map((p) => toRecommended(p, lang));
    },
  });

  /** Recommendation click tracking (fire and forget on the client). */
  registerEndpoint(app, pageEventSave, {
    auth: true,
    handler: async ({ input, db, now, borrower }) => {
      await enforceEventCap(db, borrower.id, now);
      if (!(await productExists(db, input.productId))) throw notFound();
      await saveProductEvent(db, {
        kind: 'page',
        borrowerId: borrower.id,
        productId: input.productId,
        moduleId: input.moduleId,
        positionId: input.positionId,
        now,
      });
      return { saved: true };
    },
  });

  /**
   * Apply: records the application against today's quota and answers where to go (in-house → /confirm,
   * partner → its https link). buttonStatus 0 or a full quota → PRODUCT_UNAVAILABLE (HTTP 409).
   */
  registerEndpoint(app, productApply, {
    auth: true,
    handler: async ({ input, db, now, borrower }) => {
      const businessDay = jakartaDate(now);
      const product = await findProduct(db, input.product_id, businessDay);
      if (!product) throw notFound();
      const result = await applyToProduct(db, {
        borrowerId: borrower.id,
        product,
        businessDay,
        source: 'apply',
        scene: input.scene,
        moduleId: input.module_id,
        now,
      });
      if ('refused' in result) throw unavailableError(result.refused);
      // A partner gets a one-time joint-login code in its URL, never our session (issue 12 item 1).
      if (product.inHouse) return { url: result.url };
      return { url: await partnerLaunchUrl(db, { borrowerId: borrower.id, productId: product.id, url: result.url, now }) };
    },
  });

  /** Joint-login failure page: the reason's text, a notice and partner products that take applications today. */
  registerEndpoint(app, standTargeted, {
    auth: true,
    handler: async ({ input, db, now, lang }) => {
      const key = Object.hasOwn(STAND_REASONS, input.reason) ? STAND_REASONS[input.reason]! : 'standReasonGeneric';
      const products = await listAvailableProducts(db, jakartaDate(now), { partnersOnly: true });
      return {
        status: STAND_STATUS.ok,
        message: '',
        errorMessage: t(lang, key),
        notice: t(lang, 'standNotice'),
        products: products.map((p) => toStandProduct(p, lang)),
      };
    },
  });

  /** Tracking of the joint-login failure page: a product_events row of kind 'stand'. */
  registerEndpoint(app, standNecessity, {
    auth: true,
    handler: async ({ input, db, now, lang, borrower }) => {
      await enforceEventCap(db, borrower.id, now);
      const product = await findProduct(db, input.productId, jakartaDate(now));
      if (!product) return { status: STAND_STATUS.productNotAvailable, message: t(lang, 'productNotAvailable') };
      await saveProductEvent(db, {
        kind: 'stand',
        borrowerId: borrower.id,
        productId: product.id,
        moduleId: null,
        positionId: input.positionId,
        now,
      });
      return { status: STAND_STATUS.ok, message: '' };
    },
  });

  /** Apply from the joint-login failure page: the same rules as apply, failures in the payload status. */
  registerEndpoint(app, standJoint, {
    auth: true,
    handler: async ({ input, db, now, lang, borrower }) => {
      const businessDay = jakartaDate(now);
      const product = await findProduct(db, input.productId, businessDay);
      if (!product) return { status: STAND_STATUS.productNotAvailable, message: t(lang, 'productNotAvailable'), url: '' };
      const result = await applyToProduct(db, {
        borrowerId: borrower.id,
        product,
        businessDay,
        source: 'joint',
        scene: 'stand',
        moduleId: 300,
        now,
      });
      if ('refused' in result) {
        const key = result.refused === 'disabled' ? 'productUnavailable' : 'productQuotaFull';
        return { status: STAND_STATUS.notAccepting, message: t(lang, key), url: '' };
      }
      const url = product.inHouse
        ? result.url
        : await partnerLaunchUrl(db, { borrowerId: borrower.id, productId: product.id, url: result.url, now });
      return { status: STAND_STATUS.ok, message: '', url };
    },
  });
}
