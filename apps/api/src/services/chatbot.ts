import { QA_RECORD, type getQaList, type qaRecord } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { badRequest, notFound, rateLimited } from '../lib/errors.ts';
import { findQaNode, insertQaRecord, listQaAnswers, listQaChildren } from '../repositories/complaints.ts';
import { BORROWER_LIMITS, capRule, hitRateLimit } from '../repositories/rate-limits.ts';
import { ownOrderOrNone } from './complaint-pages.ts';
import { matchQuestion } from './qa-match.ts';

/** The FAQ chatbot (spec 2.4, 4.2, 7.2; docs/complaints.md): the question tree and what the borrower does in it. */

/** pid 0: the categories; otherwise the node's children, the node itself and its answer. orderNo is not used. */
export async function qaListOf(db: Db, input: { pid: number; lang: Lang }): Promise<AnswerOf<typeof getQaList>> {
  const { pid, lang } = input;
  const question = pid === 0 ? null : await findQaNode(db, pid, lang);
  if (pid !== 0 && !question) throw notFound();
  const children = await listQaChildren(db, pid, lang);
  return {
    answerList: children.map((n) => ({ id: n.id, title_local: n.title, title_local_alias: '', action_type: n.actionType })),
    question: question ? { id: question.id, title_local: question.title } : null,
    data: question?.answer ?? '',
  };
}

/**
 * One chatbot record (to complaint, resolved yes/no, stars, free text): validated by type, free text matched
 * against the answers; within the per-borrower cap.
 */
export async function recordChatbot(
  db: Db,
  input: { borrowerId: number; request: InputOf<typeof qaRecord>; now: Date; lang: Lang },
): Promise<AnswerOf<typeof qaRecord>> {
  const { borrowerId, request, now, lang } = input;
  const cap = await hitRateLimit(db, capRule('chatbot', borrowerId, BORROWER_LIMITS.chatbotPerMinute), now);
  if (!cap.allowed) throw rateLimited('chatbotTooFast', cap.retryAfterSeconds);
  const order = await ownOrderOrNone(db, borrowerId, request.orderNo);
  if (request.qaId !== 0 && !(await findQaNode(db, request.qaId, lang))) throw badRequest('fieldInvalid', { field: 'qaId' });
  let reply = '';
  let matched = false;
  let qaId = request.qaId;
  switch (request.type) {
    case QA_RECORD.toComplaint:
      break;
    case QA_RECORD.resolved:
      if (request.value !== '1' && request.value !== '2') throw badRequest('fieldInvalid', { field: 'value' });
      break;
    case QA_RECORD.stars: {
      if (!/^[1-5]$/.test(request.value)) throw badRequest('fieldInvalid', { field: 'value' });
      // Spec 4.2 / 9: under 4 stars the page shows the server's message; 4 or more call the native rating.
      if (Number(request.value) < 4) reply = t(lang, 'qaLowStars');
      break;
    }
    case QA_RECORD.freeText: {
      if (!request.value) throw badRequest('fieldMissing', { field: 'value' });
      const match = matchQuestion(request.value, await listQaAnswers(db, lang), lang);
      matched = match !== null;
      reply = match?.node.answer ?? t(lang, 'qaNoMatch');
      qaId = match?.node.id ?? 0;
      break;
    }
  }
  await insertQaRecord(db, {
    borrowerId,
    orderNo: order?.orderNo ?? null,
    type: request.type,
    value: request.value,
    qaId,
    matched: request.type === QA_RECORD.freeText ? matched : null,
    reply,
    now,
  });
  return { reply, matched, qaId };
}
