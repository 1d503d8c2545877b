import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { opsGet } from '../ops/ops-http.ts';

/** GET /ops/api/templates: every landing template, published or not. */
export const OPS_TEMPLATE_LIST_PATH = '/ops/api/templates';

export type OpsTemplateList = ResponseOf<typeof C.opsTemplateList>;
export type OpsTemplateSummary = OpsTemplateList['items'][number];

export const opsTemplateListKey = ['ops', 'templates'] as const;

export function useOpsTemplateList(enabled: boolean) {
  return useQuery({
    queryKey: opsTemplateListKey,
    queryFn: ({ signal }) => opsGet<OpsTemplateList>(OPS_TEMPLATE_LIST_PATH, undefined, signal),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
