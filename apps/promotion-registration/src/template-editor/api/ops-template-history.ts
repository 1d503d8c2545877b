import { useQuery } from '@tanstack/react-query';
import { ApiError, type Envelope, NetworkError, isSuccess } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';
import { opsCall, OpsAuthError } from '../ops-http.ts';
import { authHeaders, clearSession } from '../session.ts';

// The editor's history, schedule, unpublish and image upload (issue 13 item 5; contracts ops-templates.ts).

export type OpsTemplateVersions = ResponseOf<typeof routes.opsTemplateVersions>;
export type OpsTemplateVersion = OpsTemplateVersions['items'][number];

export const opsTemplateVersionsKey = (id: number) => ['ops', 'templates', id, 'versions'] as const;

/** Every version of a template, newest first, each with its diff against the one before. */
export function useOpsTemplateVersions(id: number | null) {
  return useQuery({
    queryKey: opsTemplateVersionsKey(id ?? 0),
    queryFn: ({ signal }) => opsCall(routes.opsTemplateVersions, { id: id ?? 0 }, signal),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

export const scheduleTemplate = (id: number, at: string) => opsCall(routes.opsTemplateSchedule, { id, at });
export const cancelSchedule = (id: number, version: number) => opsCall(routes.opsTemplateCancelSchedule, { id, version });
export const revertTemplate = (id: number, version: number, publish: boolean) =>
  opsCall(routes.opsTemplateRevert, { id, version, publish });
export const unpublishTemplate = (id: number) => opsCall(routes.opsTemplateUnpublish, { id });

/**
 * Uploads a logo or hero image (multipart field `image`); the answer's url is a same-origin path. A plain fetch:
 * the api-client's upload does not carry the operator's bearer header.
 */
export async function uploadTemplateImage(file: File, lang: string): Promise<ResponseOf<typeof routes.opsTemplateUploadImage>> {
  const form = new FormData();
  form.append('image', file);
  let env: Envelope<ResponseOf<typeof routes.opsTemplateUploadImage>>;
  try {
    const res = await fetch(routes.opsTemplateUploadImage.path, {
      method: 'POST',
      body: form,
      headers: { ...authHeaders(), Accept: 'application/json', 'Accept-Language': lang, 'X-Requested-With': 'XMLHttpRequest' },
    });
    env = (await res.json()) as Envelope<ResponseOf<typeof routes.opsTemplateUploadImage>>;
  } catch {
    throw new NetworkError('network', routes.opsTemplateUploadImage.path);
  }
  if (isSuccess(env, '00') && env.data !== null) return env.data;
  if (env.code === 'UNAUTHORIZED') {
    clearSession();
    throw new OpsAuthError('unauthorized', env.message);
  }
  if (env.code === 'FORBIDDEN') throw new OpsAuthError('forbidden', env.message);
  throw new ApiError(env);
}
