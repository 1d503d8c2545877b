import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  COLLECTION_TYPE,
  COMPLAINT_MAX_IMAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  QA_RECORD,
  getQaList,
  problemDetail,
  problemInit,
  problemInitV3,
  problemList,
  problemSave,
  qaRecord,
  saveScore,
  uploadProblemImg,
} from '@lendview/contracts';
import type { Db } from '../../db/types.ts';
import { t, type Lang } from '../../i18n/messages.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { badRequest, notFound, rateLimited } from '../../lib/errors.ts';
import { identityOf } from '../../lib/identity.ts';
import { withMultipart } from '../../plugins/external/multipart.ts';
import {
  countOpenComplaints,
  findBorrowerImage,
  findOwnComplaint,
  findQaNode,
  imagesOf,
  insertQaRecord,
  listOwnComplaints,
  listProblemSubTypes,
  listProblemTypes,
  listQaAnswers,
  listQaChildren,
  problemSubTypeExists,
  problemTypeExists,
  saveComplaintScore,
  type Complaint,
  type StoredImage,
} from '../../repositories/complaints.ts';
import { findOwnOrder, listOwnOrders, type Order } from '../../repositories/orders.ts';
import { BORROWER_LIMITS, capRule, hitRateLimit } from '../../repositories/rate-limits.ts';
import { findSessionBorrower } from '../../repositories/sessions.ts';
import { receiveUpload } from '../../services/complaint-images.ts';
import {
  COLLECTION_STATUSES,
  borrowerImageUrl,
  jakartaDateTime,
  orderCardOf,
  productsOf,
  publicIdOfUrl,
  saveComplaint,
  splitUrls,
} from '../../services/complaints.ts';
import { matchQuestion } from '../../services/qa-match.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Photo uploads per borrower per hour: far above 9 photos a complaint, low enough to stop filling the disk. */
const UPLOADS_PER_HOUR = 60;

/** problem-init's cards: every order of the borrower, and the selected one (empty → the latest). */
async function orderCards(db: Db, borrowerId: number, selected: string, lang: Lang) {
  const orders = await listOwnOrders(db, borrowerId);
  let chosen: Order | undefined = orders[0];
  if (selected) {
    chosen = orders.find((o) => o.orderNo === selected);
    // Another borrower's order is the same answer as one that does not exist.
    if (!chosen) throw notFound();
  }
  const products = await productsOf(db, orders);
  const cards = orders.map((o) => orderCardOf(o, products.get(o.productId), lang));
  return { orderDetail: chosen ? cards[orders.indexOf(chosen)]! : null, orderList: cards };
}

/** The borrower's own order for a complaint or a chatbot record ('' → none). */
async function ownOrderOrNone(db: Db, borrowerId: number, orderNo: string): Promise<Order | null> {
  if (!orderNo) return null;
  const order = await findOwnOrder(db, borrowerId, orderNo);
  if (!order) throw notFound();
  return order;
}

const typeLabel = (c: Complaint) => (c.subTypeTitle ? `${c.typeTitle} · ${c.subTypeTitle}` : c.typeTitle);

/** Serves a stored photo: its own content type, never sniffed, never cached by shared caches. */
export async function sendImage(app: FastifyInstance, reply: FastifyReply, image: StoredImage | null) {
  const bytes = image ? await app.storage.get(image.storageKey) : null;
  if (!image || !bytes) throw notFound();
  return reply
    .code(200)
    .header('content-type', image.mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .send(bytes);
}

/** Complaints and the FAQ chatbot (spec 2.4, 4.1, 4.2, 5, 7.2; docs/complaints.md). Every call is the borrower's own. */
export default async function userProblemRoutes(app: FastifyInstance) {
  registerEndpoint(app, problemInit, {
    auth: true,
    handler: async ({ input, db, lang, borrower }) => {
      const cards = await orderCards(db, borrower.id, input.orderId, lang);
      return {
        problemType: await listProblemTypes(db, lang),
        problemSonType: await listProblemSubTypes(db, COLLECTION_TYPE, lang),
        ...cards,
      };
    },
  });

  registerEndpoint(app, problemInitV3, {
    auth: true,
    handler: async ({ input, db, lang, borrower }) => {
      const cards = await orderCards(db, borrower.id, input.orderNo, lang);
      const categories = await listQaChildren(db, 0, lang);
      return {
        problemStatus: await countOpenComplaints(db, borrower.id),
        ...cards,
        // Same list and order as get-qa-list pid 0: the chatbot receives a position (selectedIndex) in it.
        problemType: categories.map((c) => ({ id: c.id, title_local: c.title })),
      };
    },
  });

  /** pid 0: the categories; otherwise the node's children, the node itself and its answer. orderNo is not used. */
  registerEndpoint(app, getQaList, {
    auth: true,
    handler: async ({ input, db, lang }) => {
      const question = input.pid === 0 ? null : await findQaNode(db, input.pid, lang);
      if (input.pid !== 0 && !question) throw notFound();
      const children = await listQaChildren(db, input.pid, lang);
      return {
        answerList: children.map((n) => ({ id: n.id, title_local: n.title, title_local_alias: '', action_type: n.actionType })),
        question: question ? { id: question.id, title_local: question.title } : null,
        data: question?.answer ?? '',
      };
    },
  });

  registerEndpoint(app, qaRecord, {
    auth: true,
    handler: async ({ input, db, lang, borrower, now }) => {
      const cap = await hitRateLimit(db, capRule('chatbot', borrower.id, BORROWER_LIMITS.chatbotPerMinute), now);
      if (!cap.allowed) throw rateLimited('chatbotTooFast', cap.retryAfterSeconds);
      const order = await ownOrderOrNone(db, borrower.id, input.orderNo);
      if (input.qaId !== 0 && !(await findQaNode(db, input.qaId, lang))) throw badRequest('fieldInvalid', { field: 'qaId' });
      let reply = '';
      let matched = false;
      let qaId = input.qaId;
      switch (input.type) {
        case QA_RECORD.toComplaint:
          break;
        case QA_RECORD.resolved:
          if (input.value !== '1' && input.value !== '2') throw badRequest('fieldInvalid', { field: 'value' });
          break;
        case QA_RECORD.stars: {
          if (!/^[1-5]$/.test(input.value)) throw badRequest('fieldInvalid', { field: 'value' });
          // Spec 4.2 / 9: under 4 stars the page shows the server's message; 4 or more call the native rating.
          if (Number(input.value) < 4) reply = t(lang, 'qaLowStars');
          break;
        }
        case QA_RECORD.freeText: {
          if (!input.value) throw badRequest('fieldMissing', { field: 'value' });
          const match = matchQuestion(input.value, await listQaAnswers(db, lang), lang);
          matched = match !== null;
          reply = match?.node.answer ?? t(lang, 'qaNoMatch');
          qaId = match?.node.id ?? 0;
          break;
        }
      }
      await insertQaRecord(db, {
        borrowerId: borrower.id,
        orderNo: order?.orderNo ?? null,
        type: input.type,
        value: input.value,
        qaId,
        matched: input.type === QA_RECORD.freeText ? matched : null,
        reply,
        now,
      });
      return { reply, matched, qaId };
    },
  });

  withMultipart(app, (scope) => {
    registerEndpoint(scope, uploadProblemImg, {
      auth: true,
      handler: async ({ db, borrower, now, req }) => {
        const verdict = await hitRateLimit(db, { key: `upload:borrower:${borrower.id}`, limit: UPLOADS_PER_HOUR, windowMs: HOUR_MS }, now);
        if (!verdict.allowed) throw rateLimited('tooManyRequests', verdict.retryAfterSeconds);
        const publicId = await receiveUpload(app, req, { field: 'problemImage', uploadedBy: 'borrower', borrowerId: borrower.id, operatorId: null, now });
        return { url: borrowerImageUrl(publicId) };
      },
    });
  });

  /**
   * A photo, for its owner only: the borrower who uploaded it, or the borrower whose complaint an operator's
   * photo answers. No session, another borrower, or no such photo: the same 404. (Operators: /ops/api/complaints/image.)
   */
  app.get<{ Params: { id: string } }>('/user-problem/image/:id', async (req, reply) => {
    const { token } = identityOf(req);
    const borrower = token ? await findSessionBorrower(app.db, token, app.clock.now()) : null;
    if (!borrower || !/^[A-Za-z0-9_-]{32}$/.test(req.params.id)) throw notFound();
    return sendImage(app, reply, await findBorrowerImage(app.db, borrower.id, req.params.id));
  });

  registerEndpoint(app, problemSave, {
    auth: true,
    fieldMessages: {
      problemDetail: { missing: 'complaintTextEmpty', invalid: 'complaintTextTooLong' },
      problemType: 'complaintTypeInvalid',
    },
    successMessage: 'complaintSaved',
    handler: async ({ input, db, borrower, now, req }) => {
      // One key per form submission, kept by the page across retries (header or field; the header wins).
      const header = req.headers[IDEMPOTENCY_KEY_HEADER];
      if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header.trim()))) {
        throw badRequest('fieldInvalid', { field: 'Idempotency-Key' });
      }
      const idempotencyKey = (typeof header === 'string' ? header.trim() : input.idempotencyKey) ?? null;
      if (!(await problemTypeExists(db, input.problemType))) throw badRequest('complaintTypeInvalid');
      const order = await ownOrderOrNone(db, borrower.id, input.orderNo);
      let subType: number | null = null;
      if (input.problemType === COLLECTION_TYPE) {
        if (!(await problemSubTypeExists(db, COLLECTION_TYPE, input.problemSonType))) throw badRequest('complaintSubTypeRequired');
        if (!order || !COLLECTION_STATUSES.has(order.status)) throw badRequest('complaintCollectionNotAllowed');
        subType = input.problemSonType;
      } else if (input.problemSonType !== 0) {
        if (!(await problemSubTypeExists(db, input.problemType, input.problemSonType))) throw badRequest('fieldInvalid', { field: 'problemSonType' });
        subType = input.problemSonType;
      }

      const urls = splitUrls(input.problemImage);
      if (urls.length > COMPLAINT_MAX_IMAGES) throw badRequest('complaintTooManyImages');
      const ids = urls.map((u) => publicIdOfUrl(u, 'borrower'));
      if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) throw badRequest('complaintImageInvalid');

      const outcome = await saveComplaint(db, {
        borrowerId: borrower.id,
        orderNo: order?.orderNo ?? null,
        problemType: input.problemType,
        subType,
        detail: input.problemDetail,
        imageIds: ids as string[],
        idempotencyKey,
        now,
      });
      switch (outcome.result) {
        case 'saved':
        case 'replayed':
          // A replay answers exactly like the first save: same id, same message.
          return { problemId: outcome.problemId };
        case 'limited':
          throw rateLimited('complaintDailyLimit', outcome.retryAfterSeconds, { limit: BORROWER_LIMITS.complaintsPerDay.limit });
        case 'imagesRefused':
          throw badRequest('complaintImageInvalid');
      }
    },
  });

  registerEndpoint(app, problemList, {
    auth: true,
    handler: async ({ db, borrower, lang }) => {
      const complaints = await listOwnComplaints(db, borrower.id, lang);
      const item = (c: Complaint) => ({ id: c.id, time: jakartaDateTime(c.createdAt), type: typeLabel(c), content: c.detail });
      return {
        tabs: [
          { title: t(lang, 'complaintTabAll'), state: 'all', items: complaints.map(item) },
          { title: t(lang, 'complaintTabProcessing'), state: 'processing', items: complaints.filter((c) => c.state === 'processing').map(item) },
          { title: t(lang, 'complaintTabProcessed'), state: 'processed', items: complaints.filter((c) => c.state === 'processed').map(item) },
        ],
      };
    },
  });

  registerEndpoint(app, problemDetail, {
    auth: true,
    handler: async ({ input, db, borrower, lang }) => {
      const c = await findOwnComplaint(db, borrower.id, input.problemId, lang);
      if (!c) throw notFound();
      const images = (await imagesOf(db, [c.id])).get(c.id) ?? { borrower: [], operator: [] };
      const answered = c.state === 'processed';
      return {
        problemId: c.id,
        type: c.typeTitle,
        sonType: c.subTypeTitle,
        content: c.detail,
        images: images.borrower.map(borrowerImageUrl),
        time: jakartaDateTime(c.createdAt),
        state: c.state,
        disposeDetail: c.disposeDetail ?? '',
        // Borrowers see a role and an agent number, never the operator's login name.
        disposeAgent: answered && c.disposeOperatorId !== null ? t(lang, 'complaintAgent', { id: c.disposeOperatorId }) : '',
        disposeImages: images.operator.map(borrowerImageUrl),
        isScore: answered && c.score === null ? 1 : 0,
      };
    },
  });

  registerEndpoint(app, saveScore, {
    auth: true,
    fieldMessages: { score: 'complaintScoreInvalid' },
    successMessage: 'complaintScoreSaved',
    handler: async ({ input, db, borrower, now }) => {
      const outcome = await saveComplaintScore(db, { borrowerId: borrower.id, complaintId: input.problemId, score: input.score, now });
      switch (outcome) {
        case 'saved':
          return { saved: true };
        case 'notFound':
          throw notFound();
        case 'notAnswered':
          throw badRequest('complaintNotAnswered');
        case 'alreadyScored':
          throw badRequest('complaintAlreadyScored');
      }
    },
  });
}
