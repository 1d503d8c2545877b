import { z } from 'zod';
import { endpoint } from './endpoints.ts';
import * as R from './routes/ops-console.ts';
import { formId, formInt, formText, safeText } from './fields.ts';

// The support console's API (role support; docs/complaints.md "Support console"). Bodies JSON or form-encoded.
// Times: `...At` fields are ISO 8601 (UTC); `time`/`due` are the same instants as 'YYYY-MM-DD HH:mm:ss' in
// Asia/Jakarta, ready to show.

export {
  OPS_ITEM_KINDS,
  OPS_ITEM_STATES,
  CONTACT_SOURCES,
  OPS_AUDIT_ACTIONS,
  OPS_AUDIT_KINDS,
  OPS_DUE_WORKING_DAYS,
  OPS_TIMEZONE,
  OPS_CONSOLE_PHOTO_PREFIX,
  CONTACT_NAME_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_PHONE_DIGITS,
  CONTACT_MESSAGE_MAX,
  type OpsItemKind,
  type OpsItemState,
  type ContactSource,
  type OpsAuditAction,
  type OpsAuditKind,
} from './routes/ops-console.ts';

/** A calendar date, YYYY-MM-DD, that exists (2025-02-30 is refused). */
export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
  }, 'not a date');

export const opsOperatorRef = z.object({ id: z.number().int(), username: z.string() });
export type OpsOperatorRef = z.infer<typeof opsOperatorRef>;

/** One row of the queue: a complaint or a contact message. */
export const opsQueueItem = z.object({
  kind: z.enum(R.OPS_ITEM_KINDS),
  /** The complaint's problemId, or the contact message's id (ids of the two kinds may coincide). */
  id: z.number().int(),
  state: z.enum(R.OPS_ITEM_STATES),
  /** Complaint: the borrower's phone, masked (138****0000); contact: the phone typed in the form, masked. */
  phone: z.string(),
  /** Contact: the name typed in the form; complaint: ''. */
  name: z.string(),
  orderNo: z.string(),
  /** Complaint: the problem type's title in the request's language; contact: 'Contact message' / 'Pesan kontak'. */
  type: z.string(),
  /** Problem type value (1 = collection); null for a contact message. */
  problemType: z.number().int().nullable(),
  sonType: z.string(),
  /** The text, cut to 200 characters. */
  summary: z.string(),
  /** Contact: which form ('home' | 'contact'); complaint: ''. */
  source: z.string(),
  createdAt: z.string(),
  time: z.string(),
  /** 3 working days after the day it arrived: the end of that day in Asia/Jakarta (docs). */
  dueAt: z.string(),
  due: z.string(),
  /** Still waiting and past dueAt. */
  overdue: z.boolean(),
  /**
   * A complaint the borrower is now shown how to escalate to the regulator (an overdue complaint: the same rule
   * as problem-list's `escalation`); always false for a contact message.
   */
  escalated: z.boolean(),
  assignee: opsOperatorRef.nullable(),
  /** Complaint: the borrower's 1-5 rating once given. */
  score: z.number().int().nullable(),
});
export type OpsQueueItem = z.infer<typeof opsQueueItem>;

const optionalText = (max: number) => safeText(max).optional();

/**
 * The queue: overdue first, then oldest first (by arrival), paged. Every filter is optional and they combine.
 * - state: processing (default) | processed | all
 * - kind: complaint | contact | all (default)
 * - problemType: a problem type value (1 = collection); sonType: its sub-type (collection's harassment types)
 * - orderNo: exact order number
 * - phone: digits; matches the whole phone or its last digits (at least 3)
 * - minAgeDays / maxAgeDays: arrived at least / at most that many days ago (24 h periods)
 * - overdueOnly: only overdue items
 * - assignee: 'me' | 'unassigned' | an operator id
 * - q: free text in the complaint/message text, the answer, the contact's name/e-mail, the order number
 */
export const opsConsoleQueue = endpoint(R.opsConsoleQueue, {
  request: z.object({
    state: z.enum([...R.OPS_ITEM_STATES, 'all']).default('processing'),
    kind: z.enum([...R.OPS_ITEM_KINDS, 'all']).default('all'),
    problemType: formInt().pipe(z.number().int().min(1)).optional(),
    sonType: formInt().pipe(z.number().int().min(1)).optional(),
    orderNo: optionalText(64),
    phone: z
      .string()
      .trim()
      .regex(/^\d{3,15}$/)
      .optional(),
    minAgeDays: formInt().pipe(z.number().int().min(0).max(3650)).optional(),
    maxAgeDays: formInt().pipe(z.number().int().min(0).max(3650)).optional(),
    overdueOnly: z.enum(['1', '0', 'true', 'false']).optional(),
    assignee: z
      .union([
        z.enum(['me', 'unassigned']),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/),
      ])
      .optional(),
    q: optionalText(100),
    page: formInt().pipe(z.number().int().min(1).max(100_000)).default(1),
    pageSize: formInt().pipe(z.number().int().min(1).max(100)).default(20),
  }),
  response: z.object({
    items: z.array(opsQueueItem),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const opsNote = z.object({
  id: z.number().int(),
  operator: z.string(),
  text: z.string(),
  createdAt: z.string(),
  time: z.string(),
});
export type OpsNote = z.infer<typeof opsNote>;

/** The order a complaint is about, as the console shows it. Amounts in minor units. */
export const opsOrderSummary = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  /** The status's meaning (order_statuses), English. */
  statusText: z.string(),
  productName: z.string(),
  principal: z.number().int(),
  amountDue: z.number().int(),
  paidAmount: z.number().int(),
  /** amountDue - paidAmount, never below 0 (late charges not included). */
  outstanding: z.number().int(),
  termDays: z.number().int(),
  appliedAt: z.string(),
  /** YYYY-MM-DD, or null before disbursement. */
  dueDate: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type OpsOrderSummary = z.infer<typeof opsOrderSummary>;

/** One chatbot record of the borrower (spec 4.2): type 1 went to the form, 2 resolved?, 3 stars, 4 free text. */
export const opsQaRecord = z.object({
  id: z.number().int(),
  type: z.number().int(),
  value: z.string(),
  reply: z.string(),
  matched: z.boolean().nullable(),
  qaId: z.number().int(),
  orderNo: z.string(),
  createdAt: z.string(),
  time: z.string(),
});
export type OpsQaRecord = z.infer<typeof opsQaRecord>;

export const opsComplaintDetail = opsQueueItem.extend({
  /** The whole text. */
  content: z.string(),
  /** Photo URLs under OPS_CONSOLE_PHOTO_PREFIX: fetch with the bearer token. */
  images: z.array(z.string()),
  disposeDetail: z.string(),
  disposeAgent: z.string(),
  disposeImages: z.array(z.string()),
  disposedAt: z.string().nullable(),
  scoredAt: z.string().nullable(),
});
export type OpsComplaintDetail = z.infer<typeof opsComplaintDetail>;

/**
 * A complaint with what the agent needs to answer it: the order's summary (null without an order), the
 * borrower's other complaints (newest first, at most 50), the chatbot transcript (oldest first, the last 200
 * records), internal notes (oldest first). Unknown id → NOT_FOUND.
 */
export const opsConsoleComplaint = endpoint(R.opsConsoleComplaint, {
  request: z.object({ id: formId() }),
  response: z.object({
    complaint: opsComplaintDetail,
    order: opsOrderSummary.nullable(),
    earlier: z.array(opsQueueItem),
    transcript: z.array(opsQaRecord),
    notes: z.array(opsNote),
  }),
});

export const opsContactMessage = opsQueueItem.extend({
  /** Contact details in full: the sender asked to be contacted. */
  fullPhone: z.string(),
  email: z.string(),
  message: z.string(),
  /** The operator's closing note ('' while open). */
  reply: z.string(),
  closedBy: z.string(),
  closedAt: z.string().nullable(),
});
export type OpsContactMessage = z.infer<typeof opsContactMessage>;

/** A contact message with its notes. Unknown id → NOT_FOUND. */
export const opsConsoleContact = endpoint(R.opsConsoleContact, {
  request: z.object({ id: formId() }),
  response: z.object({ message: opsContactMessage, notes: z.array(opsNote) }),
});

/**
 * The complaint types and their sub-types (the borrowers' own, from the database) in the request's language,
 * for the queue's filters: a type added or retired by the product shows up there without a console release.
 */
export const opsConsoleProblemTypes = endpoint(R.opsConsoleProblemTypes, {
  request: z.object({}),
  response: z.object({
    items: z.array(
      z.object({
        value: z.number().int(),
        title: z.string(),
        subTypes: z.array(z.object({ value: z.number().int(), title: z.string() })),
      }),
    ),
  }),
});

/** Support operators who may be assigned (not disabled), by username. */
export const opsConsoleOperators = endpoint(R.opsConsoleOperators, {
  request: z.object({}),
  response: z.object({ items: z.array(opsOperatorRef), me: opsOperatorRef }),
});

/**
 * Assigns an item to a support operator (`operatorId`; 0 = unassign). `expectedAssigneeId` is who the caller
 * saw as assignee (0 = nobody, the default): when someone else changed it meanwhile the answer is CONFLICT (409,
 * 'This item was assigned by someone else meanwhile.') and nothing changes, so of 20 agents taking the same
 * item at once exactly one gets it. Assigning to who already has it answers success without an audit row.
 */
export const opsConsoleAssign = endpoint(R.opsConsoleAssign, {
  request: z.object({
    kind: z.enum(R.OPS_ITEM_KINDS),
    id: formId(),
    operatorId: formInt().pipe(z.number().int().min(0)),
    expectedAssigneeId: formInt().pipe(z.number().int().min(0)).default(0),
  }),
  response: z.object({ kind: z.enum(R.OPS_ITEM_KINDS), id: z.number().int(), assignee: opsOperatorRef.nullable() }),
});

/** An internal note (never shown to the borrower), 1-2000 characters. */
export const opsConsoleAddNote = endpoint(R.opsConsoleAddNote, {
  request: z.object({ kind: z.enum(R.OPS_ITEM_KINDS), id: formId(), text: safeText(2000, { min: 1, multiline: true }) }),
  response: opsNote,
});

export const opsAuditEntry = z.object({
  id: z.number().int(),
  operator: z.string(),
  action: z.enum(R.OPS_AUDIT_ACTIONS),
  kind: z.enum(R.OPS_AUDIT_KINDS),
  /** The complaint / contact message / fund / callback id as text, or the holiday's date. */
  itemId: z.string(),
  /** What changed, e.g. { to: 'ops-support' } for assign, { date, name } for a holiday. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
  time: z.string(),
});
export type OpsAuditEntry = z.infer<typeof opsAuditEntry>;

/**
 * The audit trail of one item, oldest first (kind 'holiday': every holiday change; `id` not needed). Account changes
 * (kind 'account', keyed by username) are not a console item: docs/operations.md says how to read them.
 */
export const opsConsoleAudit = endpoint(R.opsConsoleAudit, {
  request: z.object({ kind: z.enum(R.OPS_AUDIT_KINDS).exclude(['account']), id: formInt().pipe(z.number().int().min(0)).default(0) }),
  response: z.object({ items: z.array(opsAuditEntry) }),
});

/**
 * Closes a contact message with a note of what was done (e.g. 'Called back, explained repayment'), once: a
 * message already closed answers CONFLICT (409). Nothing is sent to the sender.
 */
export const opsConsoleCloseContact = endpoint(R.opsConsoleCloseContact, {
  request: z.object({ id: formId(), reply: safeText(2000, { min: 1, multiline: true }) }),
  response: opsContactMessage,
});

export const opsHoliday = z.object({ date: z.string(), name: z.string(), createdBy: z.string(), createdAt: z.string() });
export type OpsHoliday = z.infer<typeof opsHoliday>;

/** Public holidays (no working day), by date; `year` filters one year. */
export const opsHolidayList = endpoint(R.opsHolidayList, {
  request: z.object({ year: formInt().pipe(z.number().int().min(2000).max(2100)).optional() }),
  response: z.object({ items: z.array(opsHoliday) }),
});

/** A date already a holiday answers CONFLICT (409). Due times move at once. */
export const opsHolidayAdd = endpoint(R.opsHolidayAdd, {
  request: z.object({ date: isoDate, name: formText(100) }),
  response: opsHoliday,
});

/** A date that is not a holiday answers NOT_FOUND. */
export const opsHolidayRemove = endpoint(R.opsHolidayRemove, {
  request: z.object({ date: isoDate }),
  response: z.object({ date: z.string(), removed: z.literal(true) }),
});

// --- Public: the marketing site's contact forms (spec 2.2) -------------------------------------------------------

/**
 * An e-mail address a person can receive mail at: local@domain.tld, letters/digits and . _ % + - before the @,
 * dot-separated labels after it, a top-level domain of at least two letters, no leading/trailing/double dots.
 */
export const CONTACT_EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+-]{1,64}(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/;

/**
 * A message from a contact form. `name` is the first name (home) or the name (/Contact); `email` is required on
 * the home form and absent from /Contact; phone is digits only. Too many sends from one address answer
 * RATE_LIMITED (429). Success message: 'Submit successfully！' / 'Berhasil dikirim！'.
 */
export const contactMessageSend = endpoint(R.contactMessageSend, {
  request: z
    .object({
      source: z.enum(R.CONTACT_SOURCES),
      name: formText(R.CONTACT_NAME_MAX),
      email: z
        .string()
        .trim()
        .max(R.CONTACT_EMAIL_MAX)
        .refine((s) => s === '' || CONTACT_EMAIL_PATTERN.test(s), 'not an e-mail address')
        .default(''),
      phone: z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{${R.CONTACT_PHONE_DIGITS.min},${R.CONTACT_PHONE_DIGITS.max}}$`)),
      message: safeText(R.CONTACT_MESSAGE_MAX, { min: 1, multiline: true }),
    })
    .refine((m) => m.source !== 'home' || m.email !== '', { path: ['email'], message: 'required' }),
  response: z.object({ received: z.literal(true) }),
});
