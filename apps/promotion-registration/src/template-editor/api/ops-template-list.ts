import { useQuery } from '@tanstack/react-query';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import { opsCall } from '../ops-http.ts';

export type OpsTemplateList = ResponseOf<typeof routes.opsTemplateList>;
export type OpsTemplateSummary = OpsTemplateList['items'][number];

export const opsTemplateListKey = ['ops', 'templates'] as const;

/** Every landing template, published or not. */
export function useOpsTemplateList(enabled: boolean) {
  return useQuery({
    queryKey: opsTemplateListKey,
    queryFn: ({ signal }) => opsCall(routes.opsTemplateList, {}, signal),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
