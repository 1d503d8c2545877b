import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import type * as C from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';

export type LandingTemplate = ResponseOf<typeof routes.channelTemplate>;
export type LandingConfig = C.LandingConfig;

/**
 * The published config of a landing page (templateId). Spec 8: a non-'00' answer (unknown or never published
 * template) rejects with ApiError; its message is shown on the page itself (a panel, not a toast), so the call
 * is silent. No answer rejects with NetworkError.
 */
export function useChannelTemplate(templateId: number) {
  return useQuery({
    ...queryOf(routes.channelTemplate, { templateId }, { scope: ['promotion'], silent: true }),
    // Published templates change rarely; a visitor's session never needs a refetch.
    staleTime: 5 * 60_000,
  });
}
