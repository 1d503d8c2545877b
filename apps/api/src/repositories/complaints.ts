import { randomBytes } from 'node:crypto';
import { prepared } from '../db/prepared.ts';
import type { Db, Queryable } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';
import type { ImageMime } from '../lib/images.ts';
import { heldReference, referenceFrom, staleCondition, versionParam, type ReferenceColumns, type ReferenceData } from './reference-data.ts';

// Complaints, their photos and the chatbot log (migration 004). Every borrower query is scoped by borrower_id
// in SQL: another borrower's complaint or photo is the same answer as one that does not exist.

export type ComplaintState = 'processing' | 'processed';

/** The random part of a photo's URL (24 bytes, base64url: 32 characters). */
export const newImagePublicId = () => randomBytes(24).toString('base64url');

export interface NewImage {
  publicId: string;
  storageKey: string;
  uploadedBy: 'borrower' | 'operator';
  borrowerId: number | null;
  operatorId: number | null;
  mime: ImageMime;
  sizeBytes: number;
  /** Pixel size of the stored (re-encoded) picture. */
  width?: number;
  height?: number;
  now: Date;
}

export async function insertImage(db: Queryable, image: NewImage): Promise<void> {
  await db.query(
    `INSERT INTO complaint_images (public_id, storage_key, uploaded_by, borrower_id, operator_id, mime, size_bytes, width, height, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      image.publicId,
      image.storageKey,
      image.uploadedBy,
      image.borrowerId,
      image.operatorId,
      image.mime,
      image.sizeBytes,
      image.width ?? null,
      image.height ?? null,
      image.now,
    ],
  );
}

export interface StoredImage {
  storageKey: string;
  mime: ImageMime;
}

/**
 * A photo the borrower may see: one they uploaded, or an operator's photo attached to the answer of their
 * complaint (attaching sets borrower_id).
 */
export async function findBorrowerImage(db: Queryable, borrowerId: number, publicId: string): Promise<StoredImage | null> {
  const [row] = await db.query<{ storage_key: string; mime: ImageMime }>(
    'SELECT storage_key, mime FROM complaint_images WHERE public_id = $1 AND borrower_id = $2',
    [publicId, borrowerId],
  );
  return row ? { storageKey: row.storage_key, mime: row.mime } : null;
}

/**
 * A photo with the borrower it belongs to (the uploader, or for an operator's answer photo the complaint's
 * borrower; null for an operator's unattached upload): a signed URL is checked against that borrower.
 */
export async function findImageWithOwner(db: Queryable, publicId: string): Promise<(StoredImage & { borrowerId: number | null }) | null> {
  const [row] = await db.query<{ storage_key: string; mime: ImageMime; borrower_id: number | string | null }>(
    'SELECT storage_key, mime, borrower_id FROM complaint_images WHERE public_id = $1',
    [publicId],
  );
  if (!row) return null;
  return { storageKey: row.storage_key, mime: row.mime, borrowerId: row.borrower_id === null ? null : Number(row.borrower_id) };
}

/** Any photo (operators see every complaint's photos). */
export async function findImage(db: Queryable, publicId: string): Promise<StoredImage | null> {
  const [row] = await db.query<{ storage_key: string; mime: ImageMime }>(
    'SELECT storage_key, mime FROM complaint_images WHERE public_id = $1',
    [publicId],
  );
  return row ? { storageKey: row.storage_key, mime: row.mime } : null;
}

/**
 * Attaches uploads to a complaint in the given order. Only rows matching `owner` that are not attached yet are
 * taken; returns how many were, so the caller can refuse (and roll back) when one of them was not. Row locks of
 * the UPDATE make two saves racing for one photo attach it once.
 */
export async function attachImages(
  tx: Queryable,
  complaintId: number,
  publicIds: string[],
  owner: { uploadedBy: 'borrower'; borrowerId: number } | { uploadedBy: 'operator'; operatorId: number; borrowerId: number },
): Promise<number> {
  if (publicIds.length === 0) return 0;
  // An operator's photo takes the complaint's borrower_id when attached: from then on that borrower may see it.
  const rows = await tx.query(
    `UPDATE complaint_images ci
        SET complaint_id = $1, position = u.pos, borrower_id = $3
       FROM unnest($2::text[]) WITH ORDINALITY AS u(pid, pos)
      WHERE ci.public_id = u.pid
        AND ci.complaint_id IS NULL
        AND ci.uploaded_by = $4
        AND CASE WHEN $4 = 'borrower' THEN ci.borrower_id = $3 ELSE ci.operator_id = $5 END
      RETURNING ci.id`,
    [complaintId, publicIds, owner.borrowerId, owner.uploadedBy, owner.uploadedBy === 'operator' ? owner.operatorId : null],
  );
  return rows.length;
}

export interface NewComplaint {
  borrowerId: number;
  orderNo: string | null;
  problemType: number;
  problemSubType: number | null;
  detail: string;
  /** The client's idempotency key of this submission, if it sent one. */
  idempotencyKey?: string | null;
  /** sha256 of what the complaint says (type, sub-type, order, text, photos): finds an identical resend. */
  contentHash?: string | null;
  now: Date;
}

export async function insertComplaint(tx: Queryable, c: NewComplaint): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO complaints (borrower_id, order_no, problem_type, problem_sub_type, detail, idempotency_key, content_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [c.borrowerId, c.orderNo, c.problemType, c.problemSubType, c.detail, c.idempotencyKey ?? null, c.contentHash ?? null, c.now],
  );
  return Number(row!.id);
}

/**
 * Serializes one borrower's complaint saves across every instance (a row lock on the borrower until the
 * transaction ends), so a retry storm or a double tap is checked for duplicates one save at a time.
 */
export async function lockBorrowerForComplaint(tx: Queryable, borrowerId: number): Promise<void> {
  await tx.query('SELECT id FROM borrowers WHERE id = $1 FOR UPDATE', [borrowerId]);
}

/** The borrower's complaint saved with this idempotency key, if any. */
export async function findComplaintByKey(db: Queryable, borrowerId: number, key: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM complaints WHERE borrower_id = $1 AND idempotency_key = $2', [
    borrowerId,
    key,
  ]);
  return row ? Number(row.id) : null;
}

/** The borrower's first complaint with the same content saved after `since`, if any. */
export async function findRecentDuplicate(db: Queryable, borrowerId: number, contentHash: string, since: Date): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    'SELECT id FROM complaints WHERE borrower_id = $1 AND content_hash = $2 AND created_at > $3 ORDER BY id LIMIT 1',
    [borrowerId, contentHash, since],
  );
  return row ? Number(row.id) : null;
}

export interface Complaint {
  id: number;
  borrowerId: number;
  borrowerPhone: string;
  orderNo: string | null;
  typeTitle: string;
  subTypeTitle: string;
  detail: string;
  state: ComplaintState;
  createdAt: Date;
  disposeDetail: string | null;
  disposeOperatorId: number | null;
  disposeAgent: string | null;
  disposedAt: Date | null;
  score: number | null;
}

interface ComplaintRow {
  id: number;
  borrower_id: number;
  phone: string;
  order_no: string | null;
  type_title: string;
  sub_type_title: string | null;
  detail: string;
  state: ComplaintState;
  created_at: Date;
  dispose_detail: string | null;
  dispose_operator_id: number | null;
  dispose_agent: string | null;
  disposed_at: Date | null;
  score: number | null;
}

const SELECT_COMPLAINT = `
  SELECT c.id, c.borrower_id, b.phone, c.order_no, c.detail, c.state, c.created_at, c.dispose_detail,
         c.dispose_operator_id, c.dispose_agent, c.disposed_at, c.score,
         CASE WHEN $1 = 'en' THEN t.title_en ELSE t.title_id END AS type_title,
         CASE WHEN $1 = 'en' THEN s.title_en ELSE s.title_id END AS sub_type_title
    FROM complaints c
    JOIN borrowers b ON b.id = c.borrower_id
    JOIN problem_types t ON t.value = c.problem_type
    LEFT JOIN problem_sub_types s ON s.type_value = c.problem_type AND s.value = c.problem_sub_type`;

const toComplaint = (r: ComplaintRow): Complaint => ({
  id: Number(r.id),
  borrowerId: Number(r.borrower_id),
  borrowerPhone: r.phone,
  orderNo: r.order_no,
  typeTitle: r.type_title,
  subTypeTitle: r.sub_type_title ?? '',
  detail: r.detail,
  state: r.state,
  createdAt: r.created_at,
  disposeDetail: r.dispose_detail,
  disposeOperatorId: r.dispose_operator_id,
  disposeAgent: r.dispose_agent,
  disposedAt: r.disposed_at,
  score: r.score,
});

/** The borrower's complaints, newest first. */
export async function listOwnComplaints(db: Queryable, borrowerId: number, lang: Lang): Promise<Complaint[]> {
  const rows = await db.query<ComplaintRow>(`${SELECT_COMPLAINT} WHERE c.borrower_id = $2 ORDER BY c.id DESC`, [lang, borrowerId]);
  return rows.map(toComplaint);
}

/** A named statement on PostgreSQL (db/prepared.ts): explicit columns only. */
let OWN_COMPLAINT_LIST_SQL: string | undefined;

/**
 * listOwnComplaints and the reference data (holidays and grievance officer of the escalation) in one round trip
 * (docs/performance.md "Hot reads"): the version of the reference data on every row, the data itself (only after a
 * change) on the first. null reference: no complaint, nothing to escalate.
 */
export async function readOwnComplaintList(
  db: Db,
  borrowerId: number,
  lang: Lang,
): Promise<{ complaints: Complaint[]; reference: ReferenceData | null }> {
  const held = heldReference(db);
  // The version on every row (a scalar computed once), the data (only after a change) on the first row only.
  const rows = await db.query<ComplaintRow & ReferenceColumns>(
    (OWN_COMPLAINT_LIST_SQL ??= prepared(
      SELECT_COMPLAINT.replace(
        ' FROM complaints c',
        `, (SELECT version FROM reference_data_version) AS lv_ref_version,
         CASE WHEN row_number() OVER (ORDER BY c.id DESC) = 1 AND ${staleCondition('$3')} THEN (SELECT reference_data_json()) END AS lv_ref_data
    FROM complaints c`,
      ) + ' WHERE c.borrower_id = $2 ORDER BY c.id DESC',
    )),
    [lang, borrowerId, versionParam(held)],
  );
  return { complaints: rows.map(toComplaint), reference: rows[0] ? referenceFrom(db, held, rows[0]) : null };
}

export async function findOwnComplaint(db: Queryable, borrowerId: number, id: number, lang: Lang): Promise<Complaint | null> {
  const rows = await db.query<ComplaintRow>(`${SELECT_COMPLAINT} WHERE c.id = $2 AND c.borrower_id = $3`, [lang, id, borrowerId]);
  return rows[0] ? toComplaint(rows[0]) : null;
}

/** Operators' queue: oldest first. */
export async function listComplaintsForOps(db: Queryable, state: ComplaintState | 'all', lang: Lang): Promise<Complaint[]> {
  const rows = await db.query<ComplaintRow>(`${SELECT_COMPLAINT} WHERE ($2 = 'all' OR c.state = $2) ORDER BY c.id ASC LIMIT 500`, [
    lang,
    state,
  ]);
  return rows.map(toComplaint);
}

/** Number of the borrower's complaints still being processed (problem-init v3's problemStatus). */
export async function countOpenComplaints(db: Queryable, borrowerId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::integer AS n FROM complaints WHERE borrower_id = $1 AND state = 'processing'",
    [borrowerId],
  );
  return row?.n ?? 0;
}

/** Photo ids of complaints, by complaint and uploader, in the order they were attached. */
export async function imagesOf(db: Queryable, complaintIds: number[]): Promise<Map<number, { borrower: string[]; operator: string[] }>> {
  const result = new Map<number, { borrower: string[]; operator: string[] }>();
  if (complaintIds.length === 0) return result;
  const rows = await db.query<{ complaint_id: number; public_id: string; uploaded_by: 'borrower' | 'operator' }>(
    `SELECT complaint_id, public_id, uploaded_by FROM complaint_images
      WHERE complaint_id = ANY($1::bigint[]) ORDER BY complaint_id, position`,
    [complaintIds],
  );
  for (const r of rows) {
    const id = Number(r.complaint_id);
    const entry = result.get(id) ?? { borrower: [], operator: [] };
    entry[r.uploaded_by].push(r.public_id);
    result.set(id, entry);
  }
  return result;
}

export type ScoreOutcome = 'saved' | 'notFound' | 'notAnswered' | 'alreadyScored';

/** Stores the borrower's 1-5 rating of an answered complaint, once (one conditional UPDATE: no double rating). */
export async function saveComplaintScore(
  db: Queryable,
  input: { borrowerId: number; complaintId: number; score: number; now: Date },
): Promise<ScoreOutcome> {
  const updated = await db.query(
    `UPDATE complaints SET score = $3, scored_at = $4
      WHERE id = $1 AND borrower_id = $2 AND state = 'processed' AND score IS NULL
      RETURNING id`,
    [input.complaintId, input.borrowerId, input.score, input.now],
  );
  if (updated.length > 0) return 'saved';
  const [row] = await db.query<{ state: ComplaintState; score: number | null }>(
    'SELECT state, score FROM complaints WHERE id = $1 AND borrower_id = $2',
    [input.complaintId, input.borrowerId],
  );
  if (!row) return 'notFound';
  if (row.state !== 'processed') return 'notAnswered';
  return 'alreadyScored';
}

/** The operator's answer; false when the complaint is missing or already answered (checked in one UPDATE). */
export async function answerComplaint(
  tx: Queryable,
  input: { complaintId: number; operatorId: number; agent: string; detail: string; now: Date },
): Promise<{ borrowerId: number } | null> {
  const [row] = await tx.query<{ borrower_id: number }>(
    `UPDATE complaints
        SET state = 'processed', dispose_detail = $3, dispose_operator_id = $2, dispose_agent = $4, disposed_at = $5
      WHERE id = $1 AND state = 'processing'
      RETURNING borrower_id`,
    [input.complaintId, input.operatorId, input.detail, input.agent, input.now],
  );
  return row ? { borrowerId: Number(row.borrower_id) } : null;
}

export async function complaintExists(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM complaints WHERE id = $1', [id]);
  return rows.length > 0;
}

// Chatbot ------------------------------------------------------------------------------------------------------

export async function insertQaRecord(
  db: Queryable,
  r: {
    borrowerId: number;
    orderNo: string | null;
    type: number;
    value: string;
    qaId: number;
    matched: boolean | null;
    reply: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO qa_records (borrower_id, order_no, type, value, qa_id, matched, reply, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.borrowerId, r.orderNo, r.type, r.value, r.qaId, r.matched, r.reply, r.now],
  );
}

export interface QaNode {
  id: number;
  pid: number;
  title: string;
  answer: string | null;
  actionType: number;
}

interface QaRow {
  id: number;
  pid: number;
  title: string;
  answer: string | null;
  action_type: number;
}

const toQaNode = (r: QaRow): QaNode => ({ id: r.id, pid: r.pid, title: r.title, answer: r.answer, actionType: r.action_type });

const SELECT_QA = `SELECT id, pid, action_type,
    CASE WHEN $1 = 'en' THEN title_en ELSE title_id END AS title,
    CASE WHEN $1 = 'en' THEN answer_en ELSE answer_id END AS answer
  FROM qa_nodes`;

export async function listQaChildren(db: Queryable, pid: number, lang: Lang): Promise<QaNode[]> {
  const rows = await db.query<QaRow>(`${SELECT_QA} WHERE pid = $2 AND active ORDER BY sort_order, id`, [lang, pid]);
  return rows.map(toQaNode);
}

export async function findQaNode(db: Queryable, id: number, lang: Lang): Promise<QaNode | null> {
  const [row] = await db.query<QaRow>(`${SELECT_QA} WHERE id = $2 AND active`, [lang, id]);
  return row ? toQaNode(row) : null;
}

/** Every active node that has an answer (the base free text is matched against). */
export async function listQaAnswers(db: Queryable, lang: Lang): Promise<QaNode[]> {
  const rows = await db.query<QaRow>(`${SELECT_QA} WHERE active AND answer_en IS NOT NULL ORDER BY sort_order, id`, [lang]);
  return rows.map(toQaNode);
}

// Problem types --------------------------------------------------------------------------------------------------

export interface TitleValue {
  title: string;
  value: number;
}

export async function listProblemTypes(db: Queryable, lang: Lang): Promise<TitleValue[]> {
  return db.query<TitleValue>(
    `SELECT CASE WHEN $1 = 'en' THEN title_en ELSE title_id END AS title, value
       FROM problem_types WHERE active ORDER BY sort_order, value`,
    [lang],
  );
}

export async function listProblemSubTypes(db: Queryable, typeValue: number, lang: Lang): Promise<TitleValue[]> {
  return db.query<TitleValue>(
    `SELECT CASE WHEN $1 = 'en' THEN title_en ELSE title_id END AS title, value
       FROM problem_sub_types WHERE type_value = $2 AND active ORDER BY sort_order, value`,
    [lang, typeValue],
  );
}

export async function problemTypeExists(db: Queryable, value: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM problem_types WHERE value = $1 AND active', [value])).length > 0;
}

export async function problemSubTypeExists(db: Queryable, typeValue: number, value: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM problem_sub_types WHERE type_value = $1 AND value = $2 AND active', [typeValue, value])).length > 0;
}

/** The app_settings row holding the key that signs operators' photo URLs; made on first use (any instance). */
export async function imageSigningKey(db: Queryable): Promise<string> {
  await db.query(`INSERT INTO app_settings (key, value) VALUES ('ops_image_signing_key', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = 'ops_image_signing_key'");
  return row!.value;
}

/**
 * Deletes photo rows never attached to a complaint: borrower uploads created at or before `borrowerBefore`,
 * operator uploads at or before `operatorBefore`. Returns their storage keys (the files go next).
 */
export async function deleteUnattachedImages(db: Queryable, borrowerBefore: Date, operatorBefore: Date): Promise<string[]> {
  const rows = await db.query<{ storage_key: string }>(
    `DELETE FROM complaint_images
      WHERE complaint_id IS NULL
        AND created_at <= CASE uploaded_by WHEN 'borrower' THEN $1::timestamptz ELSE $2::timestamptz END
      RETURNING storage_key`,
    [borrowerBefore, operatorBefore],
  );
  return rows.map((r) => r.storage_key);
}
