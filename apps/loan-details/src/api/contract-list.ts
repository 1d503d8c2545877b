import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type { ContractItem } from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';
import { CONTRACT_SCENE } from '../lib/scene.ts';

export type { ContractItem };

/** The agreements shown on /confirm (spec 7.6: contract list, scene 3). A non-'00' code shows its message. */
export function useContracts(productId: string, lang: Lang) {
  return useQuery({
    ...queryOf(routes.contractList, { productId, scene: CONTRACT_SCENE }, { scope: ['loan-details', lang] }),
    staleTime: 0,
  });
}
