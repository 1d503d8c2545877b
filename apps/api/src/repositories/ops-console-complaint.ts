import type { Queryable } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';
import type { StoredImage } from './complaints.ts';
import type { ImageMime } from '../lib/images.ts';
import { toQueueRow, type QueueRow, type RawQueueRow } from './ops-console-queue.ts';

// The support console (migration 011; repositories/ops-console.ts re-exports every part): complaint detail.

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
