import type * as C from '@lendview/contracts';
import type { RequestOf, ResponseOf } from '@lendview/contracts';
import { post, unwrap } from '@lendview/api-client';

/** POST /h5-api/v3/user-problem/qa-record (orderNo, type, value, qaId): the chatbot's records (spec 4.2). */
export const QA_RECORD_PATH = '/h5-api/v3/user-problem/qa-record';

export type QaRecordInput = RequestOf<typeof C.qaRecord>;
export type QaRecordResult = ResponseOf<typeof C.qaRecord>;

/**
 * data.reply: for type 4 the matched answer (or the server's "could not find that"), for type 3 under 4 stars
 * the server's message. A non-'00' code shows the server message (spec 8) and rejects with ApiError.
 */
export async function saveQaRecord(input: QaRecordInput) {
  return unwrap(await post<QaRecordResult>(QA_RECORD_PATH, input));
}
