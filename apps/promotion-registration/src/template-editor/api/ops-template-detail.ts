import { useQuery } from '@tanstack/react-query';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import { opsCall } from '../ops-http.ts';

export type OpsTemplateDetail = ResponseOf<typeof routes.opsTemplateDetail>;

export const opsTemplateDetailKey = (id: number) => ['ops', 'templates', id] as const;

/** The draft, the live version and the summary of one template. */
export function useOpsTemplateDetail(id: number | null) {
  return useQuery({
    queryKey: opsTemplateDetailKey(id ?? 0),
    queryFn: ({ signal }) => opsCall(routes.opsTemplateDetail, { id: id ?? 0 }, signal),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
    // The editor copies the draft into its form once; a background refetch must not overwrite typing.
    refetchOnWindowFocus: false,
  });
}
