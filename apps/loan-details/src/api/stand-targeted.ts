import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { ResponseOf, StandProduct } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

/** POST /market/stand/targeted (reason): what the joint-login failure page shows (spec 2.5, 7.5). */
export const STAND_TARGETED_PATH = '/market/stand/targeted';

export type { StandProduct };
export type StandTargeted = ResponseOf<typeof C.standTargeted>;

/** The envelope code must be '00' (else its message is shown by the api-client); payload `status` is the page's job. */
export async function fetchStandTargeted(reason: string, opts: { loadingText?: string; signal?: AbortSignal } = {}) {
  return unwrap(await post<StandTargeted>(STAND_TARGETED_PATH, { reason }, opts));
}

export function useStandTargeted(reason: string, lang: Lang, loadingText: string) {
  return useQuery({
    queryKey: ['loan-details', 'stand-targeted', reason, lang],
    queryFn: ({ signal }) => fetchStandTargeted(reason, { loadingText, signal }),
    staleTime: 0,
  });
}
