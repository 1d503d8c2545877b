import { randomBytes } from 'node:crypto';
import type { OpsAuditAction, OpsAuditKind, OpsItemKind, OpsItemState } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';
import type { StoredImage } from './complaints.ts';
import type { ImageMime } from '../lib/images.ts';

// The support console (migration 011): the queue of complaints and contact messages, assignment, notes, the
// audit trail, public holidays and contact messages.

// --- Queue ------------------------------------------------------------------------------------------------------

export interface QueueFilter {
  state: OpsItemState | 'all';
  kind: OpsItemKind | 'all';
  problemType: number | null;
  sonType: number | null;
  orderNo: string | null;
  /** Digits: the whole phone or its last digits. */
  phone: string | null;
  createdBefore: Date | null;
  createdAfter: Date | null;
  overdueOnly: boolean;
  assignee: { mode: 'any' } | { mode: 'none' } | { mode: 'id'; id: number };
  /** Free text, matched case-insensitively as a substring. */
  q: string | null;
  /** Items still waiting that arrived before this are overdue (lib/working-days.ts overdueCutoff). */
  overdueCutoff: Date;
  /** Label of a contact message's type, in the answer's language. */
  contactTitle: string;
  lang: Lang;
}

export interface QueueRow {
  kind: OpsItemKind;
  id: number;
  state: OpsItemState;
  phone: string;
  name: string;
  orderNo: string;
  typeTitle: string;
  problemType: number | null;
  subTypeTitle: string;
  text: string;
  source: string;
  createdAt: Date;
  assigneeId: number | null;
  assigneeName: string | null;
  score: number | null;
}

interface RawQueueRow {
  kind: OpsItemKind;
  id: number | string;
  state: OpsItemState;
  phone: string;
  name: string;
  order_no: string;
  type_title: string;
  problem_type: number | null;
  sub_type_title: string;
  body: string;
  source: string;
  created_at: Date;
  assignee_id: number | null;
  assignee_name: string | null;
  score: number | null;
}

const toQueueRow = (r: RawQueueRow): QueueRow => ({
  kind: r.kind,
  id: Number(r.id),
  state: r.state,
  phone: r.phone,
  name: r.name,
  orderNo: r.order_no,
  typeTitle: r.type_title,
  problemType: r.problem_type,
  subTypeTitle: r.sub_type_title,
  text: r.body,
  source: r.source,
  createdAt: r.created_at,
  assigneeId: r.assignee_id,
  assigneeName: r.assignee_name,
  score: r.score,
});

// Both kinds as one row shape. $1 lang, $2 the contact messages' type title.
const ITEMS = `
  WITH items AS (
    SELECT 'complaint'::text AS kind, c.id, c.state, b.phone, ''::text AS name, COALESCE(c.order_no, '') AS order_no,
           CASE WHEN $1::text = 'en' THEN t.title_en ELSE t.title_id END AS type_title,
           c.problem_type, c.problem_sub_type,
           COALESCE(CASE WHEN $1::text = 'en' THEN s.title_en ELSE s.title_id END, '') AS sub_type_title,
           c.detail AS body, COALESCE(c.dispose_detail, '') AS answer, ''::text AS email, ''::text AS source,
           c.created_at, c.assignee_id, c.score::integer AS score
      FROM complaints c
      JOIN borrowers b ON b.id = c.borrower_id
      JOIN problem_types t ON t.value = c.problem_type
      LEFT JOIN problem_sub_types s ON s.type_value = c.problem_type AND s.value = c.problem_sub_type
    UNION ALL
    SELECT 'contact'::text, m.id, CASE WHEN m.state = 'open' THEN 'processing' ELSE 'processed' END, m.phone, m.name, '',
           $2::text, NULL::integer, NULL::integer, '', m.message, COALESCE(m.reply, ''), m.email, m.source,
           m.created_at, m.assignee_id, NULL::integer
      FROM contact_messages m
  )`;

// $3.. the filters, in the order of filterParams.
const WHERE = `
  WHERE ($3::text = 'all' OR i.state = $3::text)
    AND ($4::text = 'all' OR i.kind = $4::text)
    AND ($5::integer IS NULL OR i.problem_type = $5::integer)
    AND ($6::integer IS NULL OR i.problem_sub_type = $6::integer)
    AND ($7::text IS NULL OR i.order_no = $7::text)
    AND ($8::text IS NULL OR right(i.phone, length($8::text)) = $8::text)
    AND ($9::timestamptz IS NULL OR i.created_at <= $9::timestamptz)
    AND ($10::timestamptz IS NULL OR i.created_at >= $10::timestamptz)
    AND (NOT $11::boolean OR (i.state = 'processing' AND i.created_at < $12::timestamptz))
    AND ($13::text = 'any' OR ($13::text = 'none' AND i.assignee_id IS NULL) OR ($13::text = 'id' AND i.assignee_id = $14::integer))
    AND ($15::text IS NULL OR i.body ILIKE $15::text OR i.answer ILIKE $15::text OR i.name ILIKE $15::text
         OR i.email ILIKE $15::text OR i.order_no ILIKE $15::text)`;

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterParams(f: QueueFilter): unknown[] {
  return [
    f.lang,
    f.contactTitle,
    f.state,
    f.kind,
    f.problemType,
    f.sonType,
    f.orderNo,
    f.phone,
    f.createdBefore,
    f.createdAfter,
    f.overdueOnly,
    f.overdueCutoff,
    f.assignee.mode,
    f.assignee.mode === 'id' ? f.assignee.id : null,
    f.q === null ? null : containsPattern(f.q),
  ];
}

/** One page of the queue: overdue first, then by arrival (oldest first), and the number of matching items. */
export async function queuePage(
  db: Queryable,
  f: QueueFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: QueueRow[]; total: number }> {
  const params = filterParams(f);
  const [count] = await db.query<{ n: number }>(`${ITEMS} SELECT count(*)::integer AS n FROM items i ${WHERE}`, params);
  const rows = await db.query<RawQueueRow>(
    `${ITEMS}
     SELECT i.kind, i.id, i.state, i.phone, i.name, i.order_no, i.type_title, i.problem_type, i.sub_type_title, i.body,
            i.source, i.created_at, i.assignee_id, o.username AS assignee_name, i.score
       FROM items i LEFT JOIN operators o ON o.id = i.assignee_id
       ${WHERE}
      ORDER BY (i.state = 'processing' AND i.created_at < $12::timestamptz) DESC, i.created_at ASC, i.kind ASC, i.id ASC
      LIMIT $16::integer OFFSET $17::integer`,
    [...params, page.limit, page.offset],
  );
  return { rows: rows.map(toQueueRow), total: count?.n ?? 0 };
}

// --- Complaint detail ---------------------------------------------------------------------------------------------

export interface ConsoleComplaint extends QueueRow {
  borrowerId: number;
  disposeDetail: string;
  disposeAgent: string;
  disposedAt: Date | null;
  scoredAt: Date | null;
}

const COMPLAINT_ROW = `
  SELECT 'complaint' AS kind, c.id, c.state, b.phone, '' AS name, COALESCE(c.order_no, '') AS order_no,
         CASE WHEN $1::text = 'en' THEN t.title_en ELSE t.title_id END AS type_title, c.problem_type,
         COALESCE(CASE WHEN $1::text = 'en' THEN s.title_en ELSE s.title_id END, '') AS sub_type_title,
         c.detail AS body, '' AS source, c.created_at, c.assignee_id, o.username AS assignee_name, c.score::integer AS score,
         c.borrower_id, COALESCE(c.dispose_detail, '') AS dispose_detail, COALESCE(c.dispose_agent, '') AS dispose_agent,
         c.disposed_at, c.scored_at
    FROM complaints c
    JOIN borrowers b ON b.id = c.borrower_id
    JOIN problem_types t ON t.value = c.problem_type
    LEFT JOIN problem_sub_types s ON s.type_value = c.problem_type AND s.value = c.problem_sub_type
    LEFT JOIN operators o ON o.id = c.assignee_id`;

type RawComplaint = RawQueueRow & {
  borrower_id: number | string;
  dispose_detail: string;
  dispose_agent: string;
  disposed_at: Date | null;
  scored_at: Date | null;
};

const toConsoleComplaint = (r: RawComplaint): ConsoleComplaint => ({
  ...toQueueRow(r),
  borrowerId: Number(r.borrower_id),
  disposeDetail: r.dispose_detail,
  disposeAgent: r.dispose_agent,
  disposedAt: r.disposed_at,
  scoredAt: r.scored_at,
});

export async function findConsoleComplaint(db: Queryable, id: number, lang: Lang): Promise<ConsoleComplaint | null> {
  const [row] = await db.query<RawComplaint>(`${COMPLAINT_ROW} WHERE c.id = $2`, [lang, id]);
  return row ? toConsoleComplaint(row) : null;
}

/** The borrower's complaints filed before this one, newest first. */
export async function earlierComplaints(
  db: Queryable,
  borrowerId: number,
  beforeId: number,
  lang: Lang,
  limit: number,
): Promise<ConsoleComplaint[]> {
  const rows = await db.query<RawComplaint>(`${COMPLAINT_ROW} WHERE c.borrower_id = $2 AND c.id < $3 ORDER BY c.id DESC LIMIT $4`, [
    lang,
    borrowerId,
    beforeId,
    limit,
  ]);
  return rows.map(toConsoleComplaint);
}

export interface OrderSummaryRow {
  orderNo: string;
  status: number;
  statusText: string;
  productName: string;
  principal: number;
  amountDue: number;
  paidAmount: number;
  termDays: number;
  appliedAt: Date;
  dueDate: string | null;
  settledAt: Date | null;
}

export async function orderSummary(db: Queryable, orderNo: string): Promise<OrderSummaryRow | null> {
  const [r] = await db.query<{
    order_no: string;
    status: number;
    meaning: string;
    product_name: string;
    principal: number | string;
    amount_due: number | string;
    paid_amount: number | string;
    term_days: number;
    applied_at: Date;
    due_date: string | null;
    settled_at: Date | null;
  }>(
    `SELECT o.order_no, o.status, s.meaning, p.name AS product_name, o.principal, o.amount_due, o.paid_amount, o.term_days,
            o.applied_at, to_char(o.due_date, 'YYYY-MM-DD') AS due_date, o.settled_at
       FROM orders o JOIN order_statuses s ON s.status = o.status JOIN products p ON p.id = o.product_id
      WHERE o.order_no = $1`,
    [orderNo],
  );
  if (!r) return null;
  return {
    orderNo: r.order_no,
    status: r.status,
    statusText: r.meaning,
    productName: r.product_name,
    principal: Number(r.principal),
    amountDue: Number(r.amount_due),
    paidAmount: Number(r.paid_amount),
    termDays: r.term_days,
    appliedAt: r.applied_at,
    dueDate: r.due_date,
    settledAt: r.settled_at,
  };
}

export interface QaRecordRow {
  id: number;
  type: number;
  value: string;
  reply: string;
  matched: boolean | null;
  qaId: number;
  orderNo: string;
  createdAt: Date;
}

/** The borrower's latest chatbot records, returned oldest first. */
export async function qaTranscript(db: Queryable, borrowerId: number, limit: number): Promise<QaRecordRow[]> {
  const rows = await db.query<{
    id: number | string;
    type: number;
    value: string;
    reply: string;
    matched: boolean | null;
    qa_id: number;
    order_no: string | null;
    created_at: Date;
  }>(
    `SELECT * FROM (
       SELECT id, type, value, reply, matched, qa_id, order_no, created_at FROM qa_records
        WHERE borrower_id = $1 ORDER BY id DESC LIMIT $2
     ) latest ORDER BY id ASC`,
    [borrowerId, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    value: r.value,
    reply: r.reply,
    matched: r.matched,
    qaId: r.qa_id,
    orderNo: r.order_no ?? '',
    createdAt: r.created_at,
  }));
}

/**
 * A photo support may load: attached to a complaint (the borrower's or an answer's), or an upload of this
 * operator not attached yet (the answer being written).
 */
export async function findConsoleImage(db: Queryable, publicId: string, operatorId: number): Promise<StoredImage | null> {
  const [row] = await db.query<{ storage_key: string; mime: ImageMime }>(
    `SELECT storage_key, mime FROM complaint_images
      WHERE public_id = $1 AND (complaint_id IS NOT NULL OR (uploaded_by = 'operator' AND operator_id = $2))`,
    [publicId, operatorId],
  );
  return row ? { storageKey: row.storage_key, mime: row.mime } : null;
}

// --- Operators and assignment -----------------------------------------------------------------------------------

export interface OperatorRef {
  id: number;
  username: string;
}

/** Support operators who can take items (not disabled). */
export async function listSupportOperators(db: Queryable): Promise<OperatorRef[]> {
  return db.query<OperatorRef>(`SELECT id, username FROM operators WHERE role = 'support' AND NOT disabled ORDER BY username`);
}

export async function findSupportOperator(db: Queryable, id: number): Promise<OperatorRef | null> {
  const [row] = await db.query<OperatorRef>(`SELECT id, username FROM operators WHERE id = $1 AND role = 'support' AND NOT disabled`, [id]);
  return row ?? null;
}

const ITEM_TABLE: Record<OpsItemKind, string> = { complaint: 'complaints', contact: 'contact_messages' };

/**
 * Sets the assignee when it is still `expected` (null: nobody): one conditional UPDATE, so of several
 * operators racing from the same view exactly one changes it. Returns false when the item is missing or its
 * assignee is no longer `expected`.
 */
export async function assignItem(
  tx: Queryable,
  input: { kind: OpsItemKind; id: number; to: number | null; expected: number | null; now: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE ${ITEM_TABLE[input.kind]} SET assignee_id = $2::integer, assigned_at = $4
      WHERE id = $1 AND assignee_id IS NOT DISTINCT FROM $3::integer
      RETURNING id`,
    [input.id, input.to, input.expected, input.now],
  );
  return rows.length > 0;
}

/** The item's current assignee (null: nobody), or undefined when there is no such item. */
export async function currentAssignee(db: Queryable, kind: OpsItemKind, id: number): Promise<number | null | undefined> {
  const [row] = await db.query<{ assignee_id: number | null }>(`SELECT assignee_id FROM ${ITEM_TABLE[kind]} WHERE id = $1`, [id]);
  return row ? row.assignee_id : undefined;
}

/** The tables of what an audit row can be about, besides the holidays (one list) and accounts (by username). */
type AuditedItemKind = Exclude<OpsAuditKind, 'holiday' | 'account'>;
const AUDITED_TABLE: Record<AuditedItemKind, string> = {
  ...ITEM_TABLE,
  fund: 'unapplied_funds',
  callback: 'unmatched_callbacks',
};

export async function itemExists(db: Queryable, kind: AuditedItemKind, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM ${AUDITED_TABLE[kind]} WHERE id = $1`, [id])).length > 0;
}

// --- Notes --------------------------------------------------------------------------------------------------------

export interface NoteRow {
  id: number;
  operator: string;
  text: string;
  createdAt: Date;
}

export async function insertNote(
  tx: Queryable,
  n: { kind: OpsItemKind; id: number; operatorId: number; text: string; now: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number | string }>(
    'INSERT INTO ops_notes (item_kind, item_id, operator_id, body, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [n.kind, n.id, n.operatorId, n.text, n.now],
  );
  return Number(row!.id);
}

export async function notesOf(db: Queryable, kind: OpsItemKind, id: number): Promise<NoteRow[]> {
  const rows = await db.query<{ id: number | string; username: string; body: string; created_at: Date }>(
    `SELECT n.id, o.username, n.body, n.created_at FROM ops_notes n JOIN operators o ON o.id = n.operator_id
      WHERE n.item_kind = $1 AND n.item_id = $2 ORDER BY n.id`,
    [kind, id],
  );
  return rows.map((r) => ({ id: Number(r.id), operator: r.username, text: r.body, createdAt: r.created_at }));
}

// --- Audit trail ----------------------------------------------------------------------------------------------------

export type AuditDetail = Record<string, string | number | boolean | null>;

export interface AuditRow {
  id: number;
  operator: string;
  action: OpsAuditAction;
  kind: OpsAuditKind;
  itemId: string;
  detail: AuditDetail;
  createdAt: Date;
}

export async function insertAudit(
  tx: Queryable,
  a: {
    /** null: no operator signed in (`pnpm ops:user` on the command line). */
    operatorId: number | null;
    operator: string;
    action: OpsAuditAction;
    kind: OpsAuditKind;
    itemId: string;
    detail: AuditDetail;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO ops_audit (operator_id, operator, action, item_kind, item_id, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [a.operatorId, a.operator, a.action, a.kind, a.itemId, JSON.stringify(a.detail), a.now],
  );
}

/** An item's trail, oldest first; kind 'holiday' without an item id lists every holiday change. */
export async function auditOf(db: Queryable, kind: OpsAuditKind, itemId: string | null): Promise<AuditRow[]> {
  const rows = await db.query<{
    id: number | string;
    operator: string;
    action: OpsAuditAction;
    item_kind: OpsAuditKind;
    item_id: string;
    detail: AuditDetail | string;
    created_at: Date;
  }>(
    `SELECT id, operator, action, item_kind, item_id, detail, created_at FROM ops_audit
      WHERE item_kind = $1 AND ($2::text IS NULL OR item_id = $2::text) ORDER BY id LIMIT 1000`,
    [kind, itemId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    operator: r.operator,
    action: r.action,
    kind: r.item_kind,
    itemId: r.item_id,
    detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as AuditDetail) : r.detail,
    createdAt: r.created_at,
  }));
}

// --- Holidays -------------------------------------------------------------------------------------------------------

export interface HolidayRow {
  date: string;
  name: string;
  createdBy: string;
  createdAt: Date;
}

const HOLIDAY_SELECT = `SELECT to_char(h.holiday_date, 'YYYY-MM-DD') AS date, h.name, COALESCE(o.username, '') AS created_by, h.created_at
  FROM public_holidays h LEFT JOIN operators o ON o.id = h.created_by`;

type RawHoliday = { date: string; name: string; created_by: string; created_at: Date };
const toHoliday = (r: RawHoliday): HolidayRow => ({ date: r.date, name: r.name, createdBy: r.created_by, createdAt: r.created_at });

export async function listHolidays(db: Queryable, year: number | null): Promise<HolidayRow[]> {
  const rows = await db.query<RawHoliday>(
    `${HOLIDAY_SELECT} WHERE $1::integer IS NULL OR extract(year FROM h.holiday_date) = $1::integer ORDER BY h.holiday_date`,
    [year],
  );
  return rows.map(toHoliday);
}

/** Every holiday date (the working-day calendar), 'YYYY-MM-DD'. */
export async function holidayDates(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ date: string }>(`SELECT to_char(holiday_date, 'YYYY-MM-DD') AS date FROM public_holidays`);
  return new Set(rows.map((r) => r.date));
}

/** Adds a holiday; null when the date already is one. */
export async function insertHoliday(
  tx: Queryable,
  h: { date: string; name: string; operatorId: number | null; now: Date },
): Promise<HolidayRow | null> {
  const inserted = await tx.query<{ date: string }>(
    `INSERT INTO public_holidays (holiday_date, name, created_by, created_at) VALUES ($1::date, $2, $3, $4)
     ON CONFLICT (holiday_date) DO NOTHING RETURNING to_char(holiday_date, 'YYYY-MM-DD') AS date`,
    [h.date, h.name, h.operatorId, h.now],
  );
  if (inserted.length === 0) return null;
  const [row] = await tx.query<RawHoliday>(`${HOLIDAY_SELECT} WHERE h.holiday_date = $1::date`, [h.date]);
  return row ? toHoliday(row) : null;
}

/** Removes a holiday; its name, or null when the date was not one. */
export async function deleteHoliday(tx: Queryable, date: string): Promise<string | null> {
  const [row] = await tx.query<{ name: string }>('DELETE FROM public_holidays WHERE holiday_date = $1::date RETURNING name', [date]);
  return row ? row.name : null;
}

// --- Contact messages -----------------------------------------------------------------------------------------------

export interface NewContactMessage {
  source: 'home' | 'contact';
  name: string;
  email: string;
  phone: string;
  message: string;
  lang: Lang;
  addressHash: string;
  now: Date;
}

export async function insertContactMessage(db: Queryable, m: NewContactMessage): Promise<number> {
  const [row] = await db.query<{ id: number | string }>(
    `INSERT INTO contact_messages (source, name, email, phone, message, lang, address_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.source, m.name, m.email, m.phone, m.message, m.lang, m.addressHash, m.now],
  );
  return Number(row!.id);
}

export interface ContactRow {
  id: number;
  source: 'home' | 'contact';
  name: string;
  email: string;
  phone: string;
  message: string;
  state: 'open' | 'closed';
  assigneeId: number | null;
  assigneeName: string | null;
  reply: string;
  closedBy: string;
  closedAt: Date | null;
  createdAt: Date;
}

export async function findContactMessage(db: Queryable, id: number): Promise<ContactRow | null> {
  const [r] = await db.query<{
    id: number | string;
    source: 'home' | 'contact';
    name: string;
    email: string;
    phone: string;
    message: string;
    state: 'open' | 'closed';
    assignee_id: number | null;
    assignee_name: string | null;
    reply: string | null;
    closed_by_name: string | null;
    closed_at: Date | null;
    created_at: Date;
  }>(
    `SELECT m.id, m.source, m.name, m.email, m.phone, m.message, m.state, m.assignee_id, a.username AS assignee_name,
            m.reply, c.username AS closed_by_name, m.closed_at, m.created_at
       FROM contact_messages m
       LEFT JOIN operators a ON a.id = m.assignee_id
       LEFT JOIN operators c ON c.id = m.closed_by
      WHERE m.id = $1`,
    [id],
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    source: r.source,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    state: r.state,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    reply: r.reply ?? '',
    closedBy: r.closed_by_name ?? '',
    closedAt: r.closed_at,
    createdAt: r.created_at,
  };
}

/** Closes an open message with the operator's note; false when it is missing or already closed (one UPDATE). */
export async function closeContactMessage(
  tx: Queryable,
  c: { id: number; operatorId: number; reply: string; now: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE contact_messages SET state = 'closed', reply = $3, closed_by = $2, closed_at = $4
      WHERE id = $1 AND state = 'open' RETURNING id`,
    [c.id, c.operatorId, c.reply, c.now],
  );
  return rows.length > 0;
}

/** The key that hashes senders' addresses (app_settings 'contact_address_key', made on first use by any instance). */
export async function contactAddressKey(db: Queryable): Promise<string> {
  await db.query(`INSERT INTO app_settings (key, value) VALUES ('contact_address_key', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = 'contact_address_key'");
  return row!.value;
}
