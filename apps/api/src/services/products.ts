import { ErrorCode, type RecommendedProduct, type StandProduct } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { ApiError } from '../lib/errors.ts';
import { recordApplication, type Product } from '../repositories/products.ts';

/** Where applying to a product leads: in-house → our confirm page; partner → the partner's https link. */
export function applyUrlOf(product: Product): string {
  if (product.inHouse) return `/confirm?productId=${product.id}&position=0`;
  if (!product.applyUrl) throw new Error(`partner product ${product.id} has no apply_url`);
  return product.applyUrl;
}

/** The recommended-product shape of spec 3 in the request's language. globally = clickable = buttonStatus. */
export function toRecommended(p: Product, lang: Lang): RecommendedProduct {
  return {
    id: p.id,
    productLogo: p.logoUrl,
    productName: p.name,
    buttonStatus: p.buttonStatus,
    buttonText: p.buttonText[lang],
    amountMin: p.amountMin,
    amountMax: p.amountMax,
    amountRangeDes: t(lang, 'amountRangeLabel'),
    loan_rate: p.rateText[lang],
    productDesc: p.description[lang],
    productTags: p.tags[lang],
    globally: p.buttonStatus,
  };
}

/** The product shape of the joint-login failure page (spec 3). */
export function toStandProduct(p: Product, lang: Lang): StandProduct {
  return {
    productId: p.id,
    logo: p.logoUrl,
    title: p.name,
    description: p.description[lang],
    rate: p.rateText[lang],
    buttonText: p.buttonText[lang],
    buttonStatus: p.buttonStatus,
  };
}

/** Why a product takes no application now: 'disabled' (buttonStatus 0) or 'quota-full' (today's quota). */
export type Refusal = 'disabled' | 'quota-full';

export const unavailableError = (why: Refusal) =>
  new ApiError(ErrorCode.productUnavailable, why === 'disabled' ? 'productUnavailable' : 'productQuotaFull', undefined, {
    status: 409,
  });

/**
 * Applies `borrowerId` to `product`: refuses a disabled product, records the application against today's
 * quota (a repeat the same day is not counted again) and answers where to go.
 */
export async function applyToProduct(
  db: Db,
  input: {
    borrowerId: number;
    product: Product;
    businessDay: string;
    source: 'apply' | 'joint';
    scene: string;
    moduleId: number;
    now: Date;
  },
): Promise<{ url: string } | { refused: Refusal }> {
  if (input.product.buttonStatus === 0) return { refused: 'disabled' };
  const outcome = await db
    .transaction(async (tx) => {
      const o = await recordApplication(tx, input);
      // Roll back the application row: nothing is recorded for a refused application.
      if (o === 'quota-full') throw new QuotaFull();
      return o;
    })
    .catch((e: unknown) => {
      if (e instanceof QuotaFull) return 'quota-full' as const;
      throw e;
    });
  if (outcome === 'quota-full') return { refused: 'quota-full' };
  return { url: applyUrlOf(input.product) };
}

class QuotaFull extends Error {}
