import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { opsPost } from '../ops/ops-http.ts';

/** POST /ops/api/templates/create (JSON { config }): a new, unpublished template. */
export const OPS_TEMPLATE_CREATE_PATH = '/ops/api/templates/create';

export function createTemplate(input: RequestOf<typeof C.opsTemplateCreate>) {
  return opsPost<ResponseOf<typeof C.opsTemplateCreate>>(OPS_TEMPLATE_CREATE_PATH, input);
}
