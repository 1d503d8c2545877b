import { call, unwrap } from '@lendview/api-client';
import * as routes from '@lendview/contracts/routes';
import type { RequestOf } from '@lendview/contracts/routes';

export type QaRecordInput = RequestOf<typeof routes.qaRecord>;

/**
 * The chatbot's records (orderNo, type, value, qaId; spec 4.2). data.reply: for type 4 the matched answer (or the
 * server's "could not find that"), for type 3 under 4 stars the server's message. A non-'00' code shows the
 * server message (spec 8) and rejects with ApiError.
 */
export async function saveQaRecord(input: QaRecordInput) {
  return unwrap(await call(routes.qaRecord, input));
}
