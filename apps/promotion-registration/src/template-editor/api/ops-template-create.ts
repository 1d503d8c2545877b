import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';
import { opsCall } from '../ops-http.ts';

/** A new, unpublished template (JSON { config }). */
export function createTemplate(input: RequestOf<typeof routes.opsTemplateCreate>) {
  return opsCall(routes.opsTemplateCreate, input);
}
