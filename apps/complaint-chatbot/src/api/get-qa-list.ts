import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { get, unwrap } from '@lendview/api-client';

/** GET /h5-api/v3/user-problem/get-qa-list?orderNo&pid: pid 0 → the top categories, else the items under pid. */
export const GET_QA_LIST_PATH = '/h5-api/v3/user-problem/get-qa-list';

export type QaListData = ResponseOf<typeof C.getQaList>;
export type QaListInput = RequestOf<typeof C.getQaList>;

/** A non-'00' code shows the server message (spec 8) and rejects with ApiError. */
export async function fetchQaList(orderNo: string, pid: number, opts: { signal?: AbortSignal } = {}) {
  const input: QaListInput = { orderNo, pid };
  return unwrap(await get<QaListData>(GET_QA_LIST_PATH, input, opts));
}
