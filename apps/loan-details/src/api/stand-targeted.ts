import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import type { Lang } from '@lendview/i18n';

export type StandTargeted = ResponseOf<typeof routes.standTargeted>;
export type StandProduct = StandTargeted['products'][number];

/**
 * What the joint-login failure page shows (reason; spec 2.5, 7.5). The envelope code must be '00' (else its
 * message is shown by the api-client); payload `status` is the page's job.
 */
export function useStandTargeted(reason: string, lang: Lang, loadingText: string) {
  return useQuery({ ...queryOf(routes.standTargeted, { reason }, { scope: ['loan-details', lang], loadingText }), staleTime: 0 });
}
