import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { ResponseOf } from '@lendview/contracts/routes';

export type QaListData = ResponseOf<typeof routes.getQaList>;

/**
 * The chatbot's list (orderNo, pid): pid 0 → the top categories, else the items under pid. A non-'00' code shows
 * the server message (spec 8) and rejects with ApiError.
 */
export async function fetchQaList(orderNo: string, pid: number, opts: { signal?: AbortSignal } = {}) {
  return unwrap(await call(routes.getQaList, { orderNo, pid }, opts));
}
