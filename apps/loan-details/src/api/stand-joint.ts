import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

/** The joint apply of the failure page (productId) → url to open (spec 7.5). Payload `status` 0 is ok. */
export function postStandJoint(input: RequestOf<typeof routes.standJoint>, opts: { loadingText?: string } = {}) {
  return call(routes.standJoint, input, opts);
}
