import { unwrap, uploadTo } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';

/**
 * One photo (multipart field `problemImage`) through XMLHttpRequest, for its progress (0..1) → data.url. A
 * non-'00' code shows the server message (spec 8) and rejects with ApiError; no answer rejects with NetworkError.
 */
export async function uploadProblemImage(blob: Blob, name: string, opts: { onProgress?: (f: number) => void; signal?: AbortSignal } = {}) {
  const form = new FormData();
  form.append(routes.PROBLEM_IMAGE_FIELD, blob, name);
  return unwrap(await uploadTo(routes.uploadProblemImg, form, opts));
}
