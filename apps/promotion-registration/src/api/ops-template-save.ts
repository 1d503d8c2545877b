import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { opsPost } from '../ops/ops-http.ts';

/** POST /ops/api/templates/save (JSON { id, config }): the draft; visitors keep the published version. */
export const OPS_TEMPLATE_SAVE_PATH = '/ops/api/templates/save';

export function saveTemplate(input: RequestOf<typeof C.opsTemplateSave>) {
  return opsPost<ResponseOf<typeof C.opsTemplateSave>>(OPS_TEMPLATE_SAVE_PATH, input);
}
