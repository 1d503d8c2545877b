import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { ContractItem, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';
import { CONTRACT_SCENE } from '../lib/scene.ts';

/** POST /v3/contract/contract (productId, scene=3): the agreements shown on /confirm (spec 7.6). */
export const CONTRACT_LIST_PATH = '/v3/contract/contract';

export type { ContractItem };
export type ContractList = ResponseOf<typeof C.contractList>;

export async function fetchContracts(productId: string, opts: { signal?: AbortSignal } = {}) {
  return unwrap(await post<ContractList>(CONTRACT_LIST_PATH, { productId, scene: CONTRACT_SCENE }, opts));
}

export function useContracts(productId: string, lang: Lang) {
  return useQuery({
    queryKey: ['loan-details', 'contract', productId, lang],
    queryFn: ({ signal }) => fetchContracts(productId, { signal }),
    staleTime: 0,
  });
}
