import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post } from '@lendview/api-client';

/** POST /market/v3/product/apply (product_id, module_id, scene) → data.url (spec 7.5). */
export const PRODUCT_APPLY_PATH = '/market/v3/product/apply';

export type ProductApplyInput = RequestOf<typeof C.productApply>;
export type ProductApplyResult = ResponseOf<typeof C.productApply>;

/** The envelope: a non-'00' code has already shown its message as a toast (spec 8). */
export function applyProduct(input: ProductApplyInput, opts: { loadingText?: string } = {}) {
  return post<ProductApplyResult>(PRODUCT_APPLY_PATH, input, opts);
}
