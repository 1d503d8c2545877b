import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { upload, unwrap } from '@lendview/api-client';

/** POST /user-problem/upload-problem-img, multipart field `problemImage` → data.url. */
export const UPLOAD_PROBLEM_IMG_PATH = '/user-problem/upload-problem-img';
export const UPLOAD_FIELD = 'problemImage';

export type UploadProblemImgResult = ResponseOf<typeof C.uploadProblemImg>;

/**
 * One photo through XMLHttpRequest, for its progress (0..1). A non-'00' code shows the server message (spec 8)
 * and rejects with ApiError; no answer rejects with NetworkError.
 */
export async function uploadProblemImage(blob: Blob, name: string, opts: { onProgress?: (f: number) => void; signal?: AbortSignal } = {}) {
  const form = new FormData();
  form.append(UPLOAD_FIELD, blob, name);
  return unwrap(await upload<UploadProblemImgResult>(UPLOAD_PROBLEM_IMG_PATH, form, opts));
}
