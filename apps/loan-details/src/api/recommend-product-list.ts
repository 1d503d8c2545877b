import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { RecommendedProduct } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type { RecommendedProduct };

/** The recommended products of a scene (spec 7.5). A non-'00' code shows its message (spec 8). */
export function useRecommendProducts(scene: string, lang: Lang, loadingText: string) {
  return useQuery({ ...queryOf(routes.recommendProductList, { scene }, { scope: ['loan-details', lang], loadingText }), staleTime: 0 });
}
