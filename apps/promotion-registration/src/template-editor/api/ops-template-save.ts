import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';
import { opsCall } from '../ops-http.ts';

/** Saves the draft (JSON { id, config }); visitors keep the published version. */
export function saveTemplate(input: RequestOf<typeof routes.opsTemplateSave>) {
  return opsCall(routes.opsTemplateSave, input);
}
