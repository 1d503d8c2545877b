import { call } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

export type ProductApplyInput = RequestOf<typeof routes.productApply>;

/** Apply to a product (product_id, module_id, scene) → data.url (spec 7.5). A non-'00' code has shown its message. */
export function applyProduct(input: ProductApplyInput, opts: { loadingText?: string } = {}) {
  return call(routes.productApply, input, opts);
}
