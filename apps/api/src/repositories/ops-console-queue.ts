import type { OpsItemKind, OpsItemState } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';

// The support console (migration 011; repositories/ops-console.ts re-exports every part): queue.

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

export interface RawQueueRow {
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

export const toQueueRow = (r: RawQueueRow): QueueRow => ({
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
