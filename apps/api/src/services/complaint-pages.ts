import {
  COLLECTION_TYPE,
  COMPLAINT_MAX_IMAGES,
  IDEMPOTENCY_KEY_PATTERN,
  type problemDetail,
  type problemInit,
  type problemInitV3,
  type problemList,
  type problemSave,
  type saveScore,
} from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import type { AnswerOf, InputOf } from '../lib/endpoint.ts';
import { badRequest, notFound, rateLimited } from '../lib/errors.ts';
import {
  countOpenComplaints,
  findOwnComplaint,
  imagesOf,
  readOwnComplaintList,
  listProblemSubTypes,
  listProblemTypes,
  listQaChildren,
  problemSubTypeExists,
  problemTypeExists,
  saveComplaintScore,
  type Complaint,
} from '../repositories/complaints.ts';
import { findOwnOrder, listOwnOrders, type Order } from '../repositories/orders.ts';
import { BORROWER_LIMITS, hitRateLimit } from '../repositories/rate-limits.ts';
import {
  COLLECTION_STATUSES,
  borrowerImageUrl,
  jakartaDateTime,
  orderCardOf,
  productsOf,
  publicIdOfUrl,
  saveComplaint,
  splitUrls,
} from './complaints.ts';
import { escalationsFrom, escalationsOf } from './grievance.ts';

/** The borrower's complaint pages (spec 2.4, 4.1, 5, 7.2; docs/complaints.md). Every call is the borrower's own. */

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
export async function ownOrderOrNone(db: Db, borrowerId: number, orderNo: string): Promise<Order | null> {
  if (!orderNo) return null;
  const order = await findOwnOrder(db, borrowerId, orderNo);
  if (!order) throw notFound();
  return order;
}

const typeLabel = (c: Complaint) => (c.subTypeTitle ? `${c.typeTitle} · ${c.subTypeTitle}` : c.typeTitle);

export async function complaintFormOf(
  db: Db,
  input: { borrowerId: number; orderId: string; lang: Lang },
): Promise<AnswerOf<typeof problemInit>> {
  const cards = await orderCards(db, input.borrowerId, input.orderId, input.lang);
  return {
    problemType: await listProblemTypes(db, input.lang),
    problemSonType: await listProblemSubTypes(db, COLLECTION_TYPE, input.lang),
    ...cards,
  };
}

export async function chatbotStartOf(
  db: Db,
  input: { borrowerId: number; orderNo: string; lang: Lang },
): Promise<AnswerOf<typeof problemInitV3>> {
  const cards = await orderCards(db, input.borrowerId, input.orderNo, input.lang);
  const categories = await listQaChildren(db, 0, input.lang);
  return {
    problemStatus: await countOpenComplaints(db, input.borrowerId),
    ...cards,
    // Same list and order as get-qa-list pid 0: the chatbot receives a position (selectedIndex) in it.
    problemType: categories.map((c) => ({ id: c.id, title_local: c.title })),
  };
}

/** Photo uploads of a borrower within the hourly cap (the upload itself: services/complaint-images.ts). */
export async function assertUploadAllowed(db: Db, borrowerId: number, now: Date): Promise<void> {
  const verdict = await hitRateLimit(db, { key: `upload:borrower:${borrowerId}`, limit: UPLOADS_PER_HOUR, windowMs: HOUR_MS }, now);
  if (!verdict.allowed) throw rateLimited('tooManyRequests', verdict.retryAfterSeconds);
}

/**
 * Saves a complaint: type and sub-type (collection only on an order a collector may be working on), photos the
 * borrower uploaded, one key per form submission (header or field; the header wins) so a retry answers like the
 * first save.
 */
export async function fileComplaint(
  db: Db,
  input: { borrowerId: number; request: InputOf<typeof problemSave>; idempotencyHeader: string | string[] | undefined; now: Date },
): Promise<AnswerOf<typeof problemSave>> {
  const { borrowerId, request, now } = input;
  const header = input.idempotencyHeader;
  if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header.trim()))) {
    throw badRequest('fieldInvalid', { field: 'Idempotency-Key' });
  }
  const idempotencyKey = (typeof header === 'string' ? header.trim() : request.idempotencyKey) ?? null;
  if (!(await problemTypeExists(db, request.problemType))) throw badRequest('complaintTypeInvalid');
  const order = await ownOrderOrNone(db, borrowerId, request.orderNo);
  let subType: number | null = null;
  if (request.problemType === COLLECTION_TYPE) {
    if (!(await problemSubTypeExists(db, COLLECTION_TYPE, request.problemSonType))) throw badRequest('complaintSubTypeRequired');
    if (!order || !COLLECTION_STATUSES.has(order.status)) throw badRequest('complaintCollectionNotAllowed');
    subType = request.problemSonType;
  } else if (request.problemSonType !== 0) {
    if (!(await problemSubTypeExists(db, request.problemType, request.problemSonType)))
      throw badRequest('fieldInvalid', { field: 'problemSonType' });
    subType = request.problemSonType;
  }

  const urls = splitUrls(request.problemImage);
  if (urls.length > COMPLAINT_MAX_IMAGES) throw badRequest('complaintTooManyImages');
  const ids = urls.map((u) => publicIdOfUrl(u, 'borrower'));
  if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) throw badRequest('complaintImageInvalid');

  const outcome = await saveComplaint(db, {
    borrowerId,
    orderNo: order?.orderNo ?? null,
    problemType: request.problemType,
    subType,
    detail: request.problemDetail,
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
}

export async function complaintListOf(db: Db, input: { borrowerId: number; lang: Lang; now: Date }): Promise<AnswerOf<typeof problemList>> {
  const { lang } = input;
  // One round trip (docs/performance.md "Hot reads"): the complaints, and the holidays and officer of the escalation
  // from the reference data.
  const { complaints, reference } = await readOwnComplaintList(db, input.borrowerId, lang);
  // Complaints past their due time carry how to escalate (services/grievance.ts).
  const escalations = escalationsFrom(complaints, { lang, now: input.now }, reference);
  const item = (c: Complaint) => ({
    id: c.id,
    time: jakartaDateTime(c.createdAt),
    type: typeLabel(c),
    content: c.detail,
    escalation: escalations.get(c.id) ?? null,
  });
  return {
    tabs: [
      { title: t(lang, 'complaintTabAll'), state: 'all', items: complaints.map(item) },
      {
        title: t(lang, 'complaintTabProcessing'),
        state: 'processing',
        items: complaints.filter((c) => c.state === 'processing').map(item),
      },
      { title: t(lang, 'complaintTabProcessed'), state: 'processed', items: complaints.filter((c) => c.state === 'processed').map(item) },
    ],
  };
}

export async function complaintDetailOf(
  db: Db,
  input: { borrowerId: number; problemId: number; lang: Lang; now: Date; fileKey: Buffer },
): Promise<AnswerOf<typeof problemDetail>> {
  const { lang } = input;
  const c = await findOwnComplaint(db, input.borrowerId, input.problemId, lang);
  if (!c) throw notFound();
  const escalation = (await escalationsOf(db, [c], { lang, now: input.now })).get(c.id) ?? null;
  const images = (await imagesOf(db, [c.id])).get(c.id) ?? { borrower: [], operator: [] };
  const answered = c.state === 'processed';
  // Signed for this borrower (the complaint's owner owns its photos and the answer's): the same URL in the
  // server's HTML and in the page, no session in it (docs/security.md "Signed file URLs").
  const url = (id: string) => borrowerImageUrl(input.fileKey, id, input.borrowerId, input.now);
  return {
    problemId: c.id,
    type: c.typeTitle,
    sonType: c.subTypeTitle,
    content: c.detail,
    images: images.borrower.map(url),
    time: jakartaDateTime(c.createdAt),
    state: c.state,
    disposeDetail: c.disposeDetail ?? '',
    // Borrowers see a role and an agent number, never the operator's login name.
    disposeAgent: answered && c.disposeOperatorId !== null ? t(lang, 'complaintAgent', { id: c.disposeOperatorId }) : '',
    disposeImages: images.operator.map(url),
    isScore: answered && c.score === null ? 1 : 0,
    escalation,
  };
}

export async function scoreComplaint(
  db: Db,
  input: { borrowerId: number; problemId: number; score: number; now: Date },
): Promise<AnswerOf<typeof saveScore>> {
  const outcome = await saveComplaintScore(db, {
    borrowerId: input.borrowerId,
    complaintId: input.problemId,
    score: input.score,
    now: input.now,
  });
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
}
