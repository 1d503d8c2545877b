import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { ApiError, get, isSuccess } from '@lendview/api-client';

/** GET /api/v2/lendview/service/channel/channel-template?templateId: the published config of a landing page. */
export const CHANNEL_TEMPLATE_PATH = '/api/v2/lendview/service/channel/channel-template';

export type LandingTemplate = ResponseOf<typeof C.channelTemplate>;
export type LandingConfig = C.LandingConfig;

/**
 * Spec 8: a non-'00' answer (unknown or never published template) rejects with ApiError; its message is shown
 * on the page itself (a panel, not a toast), so the call is silent. No answer rejects with NetworkError.
 */
export async function fetchChannelTemplate(templateId: number, opts: { signal?: AbortSignal } = {}): Promise<LandingTemplate> {
  const env = await get<LandingTemplate>(CHANNEL_TEMPLATE_PATH, { templateId }, { signal: opts.signal, silent: true });
  if (!isSuccess(env, '00') || env.data === null) throw new ApiError(env);
  return env.data;
}

export function channelTemplateQuery(templateId: number) {
  return queryOptions({
    queryKey: ['promotion', 'channel-template', templateId],
    queryFn: ({ signal }) => fetchChannelTemplate(templateId, { signal }),
    // Published templates change rarely; a visitor's session never needs a refetch.
    staleTime: 5 * 60_000,
  });
}

export function useChannelTemplate(templateId: number) {
  return useQuery(channelTemplateQuery(templateId));
}
