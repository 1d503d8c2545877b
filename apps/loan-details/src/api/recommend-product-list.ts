import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { RecommendedProduct, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /market/v3/product/recommend-product-list (scene): the recommended products (spec 7.5). */
export const RECOMMEND_PRODUCT_LIST_PATH = '/market/v3/product/recommend-product-list';

export type { RecommendedProduct };
export type RecommendProductList = ResponseOf<typeof C.recommendProductList>;

/** A non-'00' code shows the server message (spec 8) and rejects with ApiError. */
export async function fetchRecommendProducts(scene: string, opts: { loadingText?: string; signal?: AbortSignal } = {}) {
  return unwrap(await post<RecommendProductList>(RECOMMEND_PRODUCT_LIST_PATH, { scene }, opts));
}

export function useRecommendProducts(scene: string, lang: Lang, loadingText: string) {
  return useQuery({
    queryKey: ['loan-details', 'recommend-product-list', scene, lang],
    queryFn: ({ signal }) => fetchRecommendProducts(scene, { loadingText, signal }),
    staleTime: 0,
  });
}
