import type * as C from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts';
import { opsPost } from '../ops/ops-http.ts';

/** POST /ops/api/templates/publish (JSON { id }): the saved draft becomes what visitors see. */
export const OPS_TEMPLATE_PUBLISH_PATH = '/ops/api/templates/publish';

export function publishTemplate(id: number) {
  return opsPost<ResponseOf<typeof C.opsTemplatePublish>>(OPS_TEMPLATE_PUBLISH_PATH, { id });
}
