import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import * as R from './routes/complaint.ts';
import { formId, formInt, safeText } from './fields.ts';

// Complaints, the FAQ chatbot and the operator API (spec 2.4, 3, 4.1, 4.2, 5, 7.2, 8, 9).

export {
  COLLECTION_TYPE,
  COMPLAINT_MAX_CHARS,
  COMPLAINT_MAX_IMAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  PROBLEM_IMAGE_FIELD,
  QA_ACTION_COMPLAINT,
  QA_RECORD,
  QA_VALUE_MAX_CHARS,
} from './routes/complaint.ts';

const orderNo = safeText(64);
const idempotencyKey = z.string().trim().regex(R.IDEMPOTENCY_KEY_PATTERN);
const titleValue = z.object({ title: z.string(), value: z.number().int() });

/** Spec 3 "Order card". isShow 1 means collection complaints are allowed. */
export const orderCard = z.object({
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  status: z.number().int(),
  isShow: z.union([z.literal(0), z.literal(1)]),
  list: z.array(z.object({ title: z.string(), value: z.string() })),
});
export type OrderCard = z.infer<typeof orderCard>;

export const problemInit = endpoint(R.problemInit, {
  /** The selected order; empty → the borrower's latest order. */
  request: z.object({ orderId: orderNo.default('') }),
  response: z.object({
    problemType: z.array(titleValue),
    /** Sub-types of the collection type (value 1). */
    problemSonType: z.array(titleValue),
    orderDetail: orderCard.nullable(),
    orderList: z.array(orderCard),
  }),
});

/** The newer variant (complaint grid): problem types come from the QA list's top categories. */
export const problemInitV3 = endpoint(R.problemInitV3, {
  request: z.object({ orderNo: orderNo.default('') }),
  response: z.object({
    /** Open complaints of this borrower (a badge on the "My complaints" link). */
    problemStatus: z.number().int(),
    orderDetail: orderCard.nullable(),
    orderList: z.array(orderCard),
    problemType: z.array(z.object({ id: z.number().int(), title_local: z.string() })),
  }),
});

export const qaAnswerItem = z.object({
  id: z.number().int(),
  title_local: z.string(),
  title_local_alias: z.string(),
  action_type: z.number().int(),
});
export type QaAnswerItem = z.infer<typeof qaAnswerItem>;

export const getQaList = endpoint(R.getQaList, {
  /** pid 0 → the top categories. */
  request: z.object({ orderNo: orderNo.default(''), pid: formInt().pipe(z.number().int().min(0)) }),
  response: z.object({
    answerList: z.array(qaAnswerItem),
    question: z.object({ id: z.number().int(), title_local: z.string() }).nullable(),
    /** The answer text of `question` ('' for a category). */
    data: z.string(),
  }),
});

export const qaRecord = endpoint(R.qaRecord, {
  request: z.object({
    orderNo: orderNo.default(''),
    type: formInt().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
    /** type 2: 1 resolved, 2 not resolved; type 3: stars 1-5; type 4: the borrower's text; type 1: ''. */
    value: safeText(R.QA_VALUE_MAX_CHARS, { multiline: true }).default(''),
    qaId: formInt().pipe(z.number().int().min(0)).default(0),
  }),
  /**
   * reply: for type 4 the matched answer (or the honest "could not find that" text, matched false);
   * for type 3 under 4 stars the server's message; '' otherwise.
   */
  response: z.object({ reply: z.string(), matched: z.boolean(), qaId: z.number().int() }),
});

/** Multipart field `problemImage`: JPEG, PNG or WebP by content, size-capped. */
export const uploadProblemImg = endpoint(R.uploadProblemImg, {
  request: z.object({}),
  response: z.object({ url: z.string() }),
});

export const problemSave = endpoint(R.problemSave, {
  request: z.object({
    problemType: formInt(),
    problemSonType: formInt().default(0),
    problemDetail: safeText(R.COMPLAINT_MAX_CHARS, { min: 1, multiline: true }),
    /** Comma-joined URLs returned by upload-problem-img ('' when none), at most 9. */
    problemImage: safeText(4000).default(''),
    orderNo: orderNo.default(''),
    /**
     * Optional client idempotency key (or the `Idempotency-Key` header): one per form submission, the same on
     * every retry of it. A save with a key already used by this borrower answers the first complaint.
     */
    idempotencyKey: idempotencyKey.optional(),
  }),
  response: z.object({ problemId: z.number().int() }),
});

/**
 * How to escalate a complaint the support team has not answered within its due time (end of the 3rd working day
 * after arrival; docs/operations.md "The due-time rule"). The API computes it and the page renders it as given;
 * null while the complaint is within its time, and always for an answered one. The regulator follows the
 * request's language, like the currency (English: India, the RBI Integrated Ombudsman; Indonesian: Indonesia, OJK).
 */
export const complaintEscalation = z.object({
  overdue: z.literal(true),
  /** The due time that passed: ISO 8601, and 'YYYY-MM-DD HH:mm:ss' in Asia/Jakarta. */
  dueAt: z.string(),
  due: z.string(),
  regulator: z.enum(['rbi', 'ojk']),
  /** 'RBI Integrated Ombudsman' / 'Kontak OJK 157'. */
  regulatorName: z.string(),
  /** The regulator's complaint portal (https, opened outside the app, never with the session in it) and phone. */
  url: z.string(),
  phone: z.string(),
  /** Localized texts: the heading, the first step (the grievance officer), the regulator step. */
  title: z.string(),
  text: z.string(),
  regulatorText: z.string(),
});
export type ComplaintEscalation = z.infer<typeof complaintEscalation>;

export const complaintListItem = z.object({
  id: z.number().int(),
  time: z.string(),
  type: z.string(),
  content: z.string(),
  /** Not answered in time: how to escalate (see complaintEscalation); null otherwise. */
  escalation: complaintEscalation.nullable(),
});
export const problemList = endpoint(R.problemList, {
  request: z.object({}),
  /** Tabs by state: all, processing, processed. */
  response: z.object({
    tabs: z.array(z.object({ title: z.string(), state: z.string(), items: z.array(complaintListItem) })),
  }),
});

export const problemDetail = endpoint(R.problemDetail, {
  request: z.object({ problemId: formId() }),
  response: z.object({
    problemId: z.number().int(),
    type: z.string(),
    sonType: z.string(),
    content: z.string(),
    images: z.array(z.string()),
    time: z.string(),
    state: z.enum(['processing', 'processed']),
    /** The operator's answer ('' until answered), its agent label and photos. */
    disposeDetail: z.string(),
    disposeAgent: z.string(),
    disposeImages: z.array(z.string()),
    /** Non-zero: the borrower may rate the answer (answered and not yet rated). */
    isScore: z.number().int(),
    /** Not answered in time: how to escalate (see complaintEscalation); null otherwise. */
    escalation: complaintEscalation.nullable(),
  }),
});

export const saveScore = endpoint(R.saveScore, {
  request: z.object({ score: formInt().pipe(z.number().int().min(1).max(5)), problemId: formId() }),
  response: z.object({ saved: z.boolean() }),
});
