import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  OPS_CONSOLE_PHOTO_PREFIX,
  type OpsQueueItem,
  type opsConsoleAddNote,
  type opsConsoleAssign,
  type opsConsoleAudit,
  type opsConsoleCloseContact,
  type opsConsoleComplaint,
  type opsConsoleContact,
  type opsConsoleOperators,
  type opsConsoleProblemTypes,
  type opsConsoleQueue,
  type opsHolidayAdd,
  type opsHolidayList,
  type opsHolidayRemove,
} from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import type { AnswerOf, InputOf, WithMessage } from '../lib/endpoint.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import type { Operator } from '../lib/operator-auth.ts';
import { maskPhone } from '../lib/phones.ts';
import { dueAtOf } from '../lib/working-days.ts';
import { imagesOf, listProblemSubTypes, listProblemTypes, type StoredImage } from '../repositories/complaints.ts';
import {
  assignItem,
  auditOf,
  closeContactMessage,
  currentAssignee,
  deleteHoliday,
  earlierComplaints,
  findConsoleComplaint,
  findConsoleImage,
  findContactMessage,
  findSupportOperator,
  insertAudit,
  insertHoliday,
  insertNote,
  itemExists,
  listHolidays,
  listSupportOperators,
  notesOf,
  orderSummary,
  qaTranscript,
  queuePage,
  type ContactRow,
  type NoteRow,
  type QueueFilter,
  type QueueRow,
} from '../repositories/ops-console.ts';
import { jakartaDateTime } from './complaints.ts';
import { dueCalendarAt, isEscalated, type DueCalendar } from './grievance.ts';

/** The support console (contracts/src/ops-console.ts; docs/complaints.md "Support console"). */

const DAY_MS = 24 * 60 * 60 * 1000;
const SUMMARY_CHARS = 200;
const EARLIER_LIMIT = 50;
const TRANSCRIPT_LIMIT = 200;
const PHOTO_ID = /^[A-Za-z0-9_-]{32}$/;

const photoUrl = (publicId: string) => `${OPS_CONSOLE_PHOTO_PREFIX}${publicId}`;

/** The working-day calendar of one request: holidays read once, the overdue split computed once. */
type Calendar = DueCalendar;
const calendarAt = dueCalendarAt;

function itemOf(row: QueueRow, cal: Calendar): OpsQueueItem {
  const dueAt = dueAtOf(row.createdAt, cal.holidays);
  return {
    kind: row.kind,
    id: row.id,
    state: row.state,
    phone: maskPhone(row.phone),
    name: row.name,
    orderNo: row.orderNo,
    type: row.typeTitle,
    problemType: row.problemType,
    sonType: row.subTypeTitle,
    summary: row.text.slice(0, SUMMARY_CHARS),
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    time: jakartaDateTime(row.createdAt),
    dueAt: dueAt.toISOString(),
    due: jakartaDateTime(dueAt),
    // Same rule as the SQL sort (overdueCutoff), so the flag and the order never disagree.
    overdue: row.state === 'processing' && row.createdAt.getTime() < cal.cutoff.getTime(),
    // The borrower is shown how to escalate exactly these (services/grievance.ts): overdue complaints.
    escalated: row.kind === 'complaint' && isEscalated(row, cal),
    assignee: row.assigneeId === null ? null : { id: row.assigneeId, username: row.assigneeName ?? '' },
    score: row.score,
  };
}

const noteOf = (n: NoteRow) => ({
  id: n.id,
  operator: n.operator,
  text: n.text,
  createdAt: n.createdAt.toISOString(),
  time: jakartaDateTime(n.createdAt),
});

// --- Queue --------------------------------------------------------------------------------------------------------

export async function consoleQueue(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsConsoleQueue>; lang: Lang; now: Date },
): Promise<AnswerOf<typeof opsConsoleQueue>> {
  const { request: r, now } = input;
  const cal = await calendarAt(db, now);
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const assignee: QueueFilter['assignee'] =
    r.assignee === undefined
      ? { mode: 'any' }
      : r.assignee === 'unassigned'
        ? { mode: 'none' }
        : { mode: 'id', id: r.assignee === 'me' ? input.operator.id : Number(r.assignee) };
  const filter: QueueFilter = {
    state: r.state,
    kind: r.kind,
    problemType: r.problemType ?? null,
    sonType: r.sonType ?? null,
    orderNo: r.orderNo ? r.orderNo : null,
    phone: r.phone ?? null,
    createdBefore: r.minAgeDays === undefined ? null : ago(r.minAgeDays),
    createdAfter: r.maxAgeDays === undefined ? null : ago(r.maxAgeDays),
    overdueOnly: r.overdueOnly === '1' || r.overdueOnly === 'true',
    assignee,
    q: r.q ? r.q : null,
    overdueCutoff: cal.cutoff,
    contactTitle: t(input.lang, 'opsContactTitle'),
    lang: input.lang,
  };
  const { rows, total } = await queuePage(db, filter, { limit: r.pageSize, offset: (r.page - 1) * r.pageSize });
  return { items: rows.map((row) => itemOf(row, cal)), total, page: r.page, pageSize: r.pageSize };
}

// --- Detail -------------------------------------------------------------------------------------------------------

export async function consoleComplaint(
  db: Db,
  input: { id: number; lang: Lang; now: Date },
): Promise<AnswerOf<typeof opsConsoleComplaint>> {
  const complaint = await findConsoleComplaint(db, input.id, input.lang);
  if (!complaint) throw notFound();
  const cal = await calendarAt(db, input.now);
  const [order, earlier, transcript, notes, images] = await Promise.all([
    complaint.orderNo ? orderSummary(db, complaint.orderNo) : Promise.resolve(null),
    earlierComplaints(db, complaint.borrowerId, complaint.id, input.lang, EARLIER_LIMIT),
    qaTranscript(db, complaint.borrowerId, TRANSCRIPT_LIMIT),
    notesOf(db, 'complaint', complaint.id),
    imagesOf(db, [complaint.id]),
  ]);
  const own = images.get(complaint.id) ?? { borrower: [], operator: [] };
  return {
    complaint: {
      ...itemOf(complaint, cal),
      content: complaint.text,
      images: own.borrower.map(photoUrl),
      disposeDetail: complaint.disposeDetail,
      disposeAgent: complaint.disposeAgent,
      disposeImages: own.operator.map(photoUrl),
      disposedAt: complaint.disposedAt?.toISOString() ?? null,
      scoredAt: complaint.scoredAt?.toISOString() ?? null,
    },
    order: order && {
      ...order,
      outstanding: Math.max(0, order.amountDue - order.paidAmount),
      appliedAt: order.appliedAt.toISOString(),
      settledAt: order.settledAt?.toISOString() ?? null,
    },
    earlier: earlier.map((c) => itemOf(c, cal)),
    transcript: transcript.map((q) => ({ ...q, createdAt: q.createdAt.toISOString(), time: jakartaDateTime(q.createdAt) })),
    notes: notes.map(noteOf),
  };
}

function contactOf(m: ContactRow, cal: Calendar, lang: Lang) {
  const row: QueueRow = {
    kind: 'contact',
    id: m.id,
    state: m.state === 'open' ? 'processing' : 'processed',
    phone: m.phone,
    name: m.name,
    orderNo: '',
    typeTitle: t(lang, 'opsContactTitle'),
    problemType: null,
    subTypeTitle: '',
    text: m.message,
    source: m.source,
    createdAt: m.createdAt,
    assigneeId: m.assigneeId,
    assigneeName: m.assigneeName,
    score: null,
  };
  return {
    ...itemOf(row, cal),
    fullPhone: m.phone,
    email: m.email,
    message: m.message,
    reply: m.reply,
    closedBy: m.closedBy,
    closedAt: m.closedAt?.toISOString() ?? null,
  };
}

export async function consoleContact(db: Db, input: { id: number; lang: Lang; now: Date }): Promise<AnswerOf<typeof opsConsoleContact>> {
  const message = await findContactMessage(db, input.id);
  if (!message) throw notFound();
  const cal = await calendarAt(db, input.now);
  return { message: contactOf(message, cal, input.lang), notes: (await notesOf(db, 'contact', message.id)).map(noteOf) };
}

/** A photo for the console (bearer session checked by the route's guard). Unknown or not visible → null. */
export async function consoleImage(db: Db, input: { id: string; operator: Operator }): Promise<StoredImage | null> {
  if (!PHOTO_ID.test(input.id)) return null;
  return findConsoleImage(db, input.id, input.operator.id);
}

// --- Operators, assignment, notes, audit ----------------------------------------------------------------------------

/** The complaint types with their sub-types, in the operator's language (the queue's filters). */
export async function consoleProblemTypes(db: Db, lang: Lang): Promise<AnswerOf<typeof opsConsoleProblemTypes>> {
  const items = [];
  for (const type of await listProblemTypes(db, lang)) items.push({ ...type, subTypes: await listProblemSubTypes(db, type.value, lang) });
  return { items };
}

export async function consoleOperators(db: Db, operator: Operator): Promise<AnswerOf<typeof opsConsoleOperators>> {
  return { items: await listSupportOperators(db), me: { id: operator.id, username: operator.username } };
}

/**
 * Assigns (or, with operatorId 0, unassigns) an item when its assignee is still the one the caller saw: of
 * several operators taking the same item at once, one wins and the others get CONFLICT. Asking for what is
 * already the case answers success and writes no audit row.
 */
export async function assignAsOperator(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsConsoleAssign>; now: Date; log: FastifyBaseLogger },
): Promise<WithMessage<AnswerOf<typeof opsConsoleAssign>>> {
  const { operator, request: r, now } = input;
  const target = r.operatorId === 0 ? null : await findSupportOperator(db, r.operatorId);
  if (r.operatorId !== 0 && !target) throw badRequest('opsAssigneeInvalid');
  const expected = r.expectedAssigneeId === 0 ? null : r.expectedAssigneeId;
  const to = target?.id ?? null;
  const data = { kind: r.kind, id: r.id, assignee: target };
  const changed = await db.transaction(async (tx) => {
    if (!(await assignItem(tx, { kind: r.kind, id: r.id, to, expected, now }))) return false;
    await insertAudit(tx, {
      operatorId: operator.id,
      operator: operator.username,
      action: to === null ? 'unassign' : 'assign',
      kind: r.kind,
      itemId: String(r.id),
      detail: { fromId: expected, toId: to, to: target?.username ?? null },
      now,
    });
    return true;
  });
  if (!changed) {
    const current = await currentAssignee(db, r.kind, r.id);
    if (current === undefined) throw notFound();
    if (current !== to) throw new ApiError(ErrorCode.conflict, 'opsItemAssignedMeanwhile');
  } else {
    input.log.info({ operatorId: operator.id, kind: r.kind, id: r.id, to }, 'ops item assigned');
  }
  return { message: 'opsAssigned', data };
}

export async function addNoteAsOperator(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsConsoleAddNote>; now: Date },
): Promise<AnswerOf<typeof opsConsoleAddNote>> {
  const { operator, request: r, now } = input;
  const id = await db.transaction(async (tx) => {
    if (!(await itemExists(tx, r.kind, r.id))) throw notFound();
    const noteId = await insertNote(tx, { kind: r.kind, id: r.id, operatorId: operator.id, text: r.text, now });
    await insertAudit(tx, {
      operatorId: operator.id,
      operator: operator.username,
      action: 'note',
      kind: r.kind,
      itemId: String(r.id),
      detail: { noteId },
      now,
    });
    return noteId;
  });
  return noteOf({ id, operator: operator.username, text: r.text, createdAt: now });
}

export async function auditTrail(db: Db, request: InputOf<typeof opsConsoleAudit>): Promise<AnswerOf<typeof opsConsoleAudit>> {
  if (request.kind !== 'holiday' && !(await itemExists(db, request.kind, request.id))) throw notFound();
  const rows = await auditOf(db, request.kind, request.kind === 'holiday' ? null : String(request.id));
  return {
    items: rows.map((a) => ({
      id: a.id,
      operator: a.operator,
      action: a.action,
      kind: a.kind,
      itemId: a.itemId,
      detail: a.detail,
      createdAt: a.createdAt.toISOString(),
      time: jakartaDateTime(a.createdAt),
    })),
  };
}

/** The audit row of an answer, in the answer's transaction (services/ops-complaints.ts). */
export async function auditAnswer(
  tx: Queryable,
  input: { operator: Operator; complaintId: number; photos: number; now: Date },
): Promise<void> {
  await insertAudit(tx, {
    operatorId: input.operator.id,
    operator: input.operator.username,
    action: 'answer',
    kind: 'complaint',
    itemId: String(input.complaintId),
    detail: { photos: input.photos },
    now: input.now,
  });
}

// --- Contact messages -----------------------------------------------------------------------------------------------

export async function closeContactAsOperator(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsConsoleCloseContact>; lang: Lang; now: Date },
): Promise<AnswerOf<typeof opsConsoleCloseContact>> {
  const { operator, request: r, now } = input;
  await db.transaction(async (tx) => {
    if (!(await closeContactMessage(tx, { id: r.id, operatorId: operator.id, reply: r.reply, now }))) {
      if (!(await itemExists(tx, 'contact', r.id))) throw notFound();
      throw new ApiError(ErrorCode.conflict, 'opsContactAlreadyClosed');
    }
    await insertAudit(tx, {
      operatorId: operator.id,
      operator: operator.username,
      action: 'contact_close',
      kind: 'contact',
      itemId: String(r.id),
      detail: {},
      now,
    });
  });
  const message = await findContactMessage(db, r.id);
  if (!message) throw notFound();
  return contactOf(message, await calendarAt(db, now), input.lang);
}

// --- Holidays -------------------------------------------------------------------------------------------------------

const holidayOf = (h: { date: string; name: string; createdBy: string; createdAt: Date }) => ({
  ...h,
  createdAt: h.createdAt.toISOString(),
});

export async function holidays(db: Db, request: InputOf<typeof opsHolidayList>): Promise<AnswerOf<typeof opsHolidayList>> {
  return { items: (await listHolidays(db, request.year ?? null)).map(holidayOf) };
}

export async function addHolidayAsOperator(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsHolidayAdd>; now: Date },
): Promise<AnswerOf<typeof opsHolidayAdd>> {
  const { operator, request: r, now } = input;
  const added = await db.transaction(async (tx) => {
    const row = await insertHoliday(tx, { date: r.date, name: r.name, operatorId: operator.id, now });
    if (!row) throw new ApiError(ErrorCode.conflict, 'opsHolidayExists');
    await insertAudit(tx, {
      operatorId: operator.id,
      operator: operator.username,
      action: 'holiday_add',
      kind: 'holiday',
      itemId: r.date,
      detail: { date: r.date, name: r.name },
      now,
    });
    return row;
  });
  return holidayOf(added);
}

export async function removeHolidayAsOperator(
  db: Db,
  input: { operator: Operator; request: InputOf<typeof opsHolidayRemove>; now: Date },
): Promise<AnswerOf<typeof opsHolidayRemove>> {
  const { operator, request: r, now } = input;
  await db.transaction(async (tx) => {
    const name = await deleteHoliday(tx, r.date);
    if (name === null) throw notFound();
    await insertAudit(tx, {
      operatorId: operator.id,
      operator: operator.username,
      action: 'holiday_remove',
      kind: 'holiday',
      itemId: r.date,
      detail: { date: r.date, name },
      now,
    });
  });
  return { date: r.date, removed: true };
}
