import * as routes from '@lendview/contracts/routes';
import { opsCall } from '../ops-http.ts';

/** The saved draft becomes what visitors see (JSON { id }). */
export function publishTemplate(id: number) {
  return opsCall(routes.opsTemplatePublish, { id });
}
