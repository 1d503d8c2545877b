import { useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { opsGet } from '../ops/ops-http.ts';

/** GET /ops/api/templates/detail?id: the draft, the live version and the summary of one template. */
export const OPS_TEMPLATE_DETAIL_PATH = '/ops/api/templates/detail';

export type OpsTemplateDetail = ResponseOf<typeof C.opsTemplateDetail>;

export const opsTemplateDetailKey = (id: number) => ['ops', 'templates', id] as const;

export function useOpsTemplateDetail(id: number | null) {
  return useQuery({
    queryKey: opsTemplateDetailKey(id ?? 0),
    queryFn: ({ signal }) => opsGet<OpsTemplateDetail>(OPS_TEMPLATE_DETAIL_PATH, { id: id ?? 0 }, signal),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
    // The editor copies the draft into its form once; a background refetch must not overwrite typing.
    refetchOnWindowFocus: false,
  });
}
