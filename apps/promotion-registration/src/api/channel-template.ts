import { useQuery, type QueryClient } from '@tanstack/react-query';
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
    ...channelTemplateQuery(templateId),
    // Published templates change rarely; a visitor's session never needs a refetch.
    staleTime: 5 * 60_000,
  });
}

function channelTemplateQuery(templateId: number) {
  return queryOf(routes.channelTemplate, { templateId }, { scope: ['promotion'], silent: true });
}

/**
 * The template /landing's page came with (apps/api/src/routes/landing, LANDING_TEMPLATE_ELEMENT), put in the query
 * cache before the first render: useChannelTemplate then shows it at once instead of asking (fresh for its
 * staleTime). A page without it, or with something else in it, changes nothing: the page asks as before.
 */
export function seedLandingTemplate(client: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(routes.LANDING_TEMPLATE_ELEMENT)?.textContent;
  if (!text) return;
  try {
    const { templateId, data } = JSON.parse(text) as { templateId?: unknown; data?: unknown };
    if (typeof templateId !== 'number' || !Number.isInteger(templateId) || typeof data !== 'object' || data === null) return;
    client.setQueryData(channelTemplateQuery(templateId).queryKey, data as LandingTemplate);
  } catch {
    // Not ours to fix here: the page asks the API.
  }
}
