import type { AcceptedDocument } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';
import { codeHash, newNumericCode, newSalt, sameHex, sha256Hex } from '../lib/crypto.ts';
import type { Contract } from './contracts.ts';

/**
 * Consent records of loan confirmation (issue 12 item 4; migration 009, docs/api.md "Consent records"): what
 * the borrower accepted, when, from where. The table is insert-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE), so a record can be read and never changed.
 */

/** The exact text of an agreement as the page shows it (title, blank line, body) in one language. */
const shownText = (c: Contract, lang: Lang) => `${c.title[lang]}\n\n${c.body[lang]}`;

/**
 * An agreement as accepted: `sha256` of the text in the language shown, and a `version` that names the
 * revision whatever the language (the first 12 hex digits of the hash of both languages' texts), so a record
 * proves the exact words and operators can tell two revisions apart.
 */
export function agreementDocument(c: Contract, lang: Lang): AcceptedDocument {
  return {
    kind: 'agreement',
    id: String(c.id),
    version: `v-${sha256Hex(`${shownText(c, 'en')}\n\u0000\n${shownText(c, 'id')}`).slice(0, 12)}`,
    sha256: sha256Hex(shownText(c, lang)),
  };
}

export interface NewConsent {
  orderNo: string;
  borrowerId: number;
  productId: number;
  amount: number;
  termDays: number;
  documents: AcceptedDocument[];
  lang: Lang;
  deviceId: string | null;
  ip: string;
  appVersion: string | null;
  userAgent: string | null;
  verifiedBy: 'session' | 'sms';
  repeated: boolean;
  now: Date;
}

const clip = (v: string | null, max: number) => (v === null ? null : v.slice(0, max));

/**
 * The order already has a consent to this very offer: the same amount, term and documents (the same texts in the
 * same language and the same key facts). A repeated confirmation of it (a double tap, a retry) adds no record.
 */
export async function hasSameConsent(
  db: Queryable,
  c: Pick<NewConsent, 'orderNo' | 'amount' | 'termDays' | 'documents' | 'lang'>,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM loan_consents
      WHERE order_no = $1 AND amount = $2 AND term_days = $3 AND documents = $4::jsonb AND lang = $5 LIMIT 1`,
    [c.orderNo, c.amount, c.termDays, JSON.stringify(c.documents), c.lang],
  );
  return rows.length > 0;
}

export async function recordConsent(db: Queryable, c: NewConsent): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO loan_consents (order_no, borrower_id, product_id, amount, term_days, documents, lang, device_id, ip,
       app_version, user_agent, verified_by, repeated, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      c.orderNo,
      c.borrowerId,
      c.productId,
      c.amount,
      c.termDays,
      JSON.stringify(c.documents),
      c.lang,
      clip(c.deviceId, 256),
      c.ip.slice(0, 64),
      clip(c.appVersion, 256),
      clip(c.userAgent, 512),
      c.verifiedBy,
      c.repeated,
      c.now,
    ],
  );
  return row!.id;
}

export interface ConsentRow {
  id: number;
  orderNo: string;
  phone: string;
  productId: number;
  amount: number;
  termDays: number;
  documents: AcceptedDocument[];
  lang: Lang;
  deviceId: string | null;
  ip: string;
  appVersion: string | null;
  userAgent: string | null;
  verifiedBy: 'session' | 'sms';
  repeated: boolean;
  createdAt: Date;
}

/** Every consent record of an order, newest first (operators). */
export async function listConsentsOfOrder(db: Queryable, orderNo: string): Promise<ConsentRow[]> {
  const rows = await db.query<{
    id: number;
    order_no: string;
    phone: string;
    product_id: number;
    amount: number;
    term_days: number;
    documents: AcceptedDocument[];
    lang: Lang;
    device_id: string | null;
    ip: string;
    app_version: string | null;
    user_agent: string | null;
    verified_by: 'session' | 'sms';
    repeated: boolean;
    created_at: Date;
  }>(
    `SELECT c.id, c.order_no, b.phone, c.product_id, c.amount, c.term_days, c.documents, c.lang, c.device_id, c.ip,
            c.app_version, c.user_agent, c.verified_by, c.repeated, c.created_at
       FROM loan_consents c JOIN borrowers b ON b.id = c.borrower_id
      WHERE c.order_no = $1 ORDER BY c.id DESC LIMIT 100`,
    [orderNo],
  );
  return rows.map((r) => ({
    id: r.id,
    orderNo: r.order_no,
    phone: r.phone,
    productId: r.product_id,
    amount: r.amount,
    termDays: r.term_days,
    documents: r.documents,
    lang: r.lang,
    deviceId: r.device_id,
    ip: r.ip,
    appVersion: r.app_version,
    userAgent: r.user_agent,
    verifiedBy: r.verified_by,
    repeated: r.repeated,
    createdAt: r.created_at,
  }));
}

// --- Step-up SMS codes of the confirm (CONFIRM_STEP_UP=1) -------------------------------------------------------

export const CONFIRM_CODE_TTL_MS = 5 * 60 * 1000;
export const CONFIRM_CODE_MAX_ATTEMPTS = 5;

/** A new code for (borrower, product); it replaces any earlier one. Returns the code to send. */
export async function issueConfirmCode(db: Queryable, borrowerId: number, productId: number, now: Date): Promise<string> {
  const code = newNumericCode(6);
  const salt = newSalt();
  await db.query(
    `INSERT INTO confirm_codes (borrower_id, product_id, code_salt, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [borrowerId, productId, salt, codeHash(salt, code), now, new Date(now.getTime() + CONFIRM_CODE_TTL_MS)],
  );
  return code;
}

export type ConfirmCodeCheck = 'ok' | 'none' | 'used' | 'expired' | 'locked' | { wrong: number };

/**
 * Checks the newest code of (borrower, product): a match spends it, a miss counts; after 5 misses it is dead.
 * One row lock (FOR UPDATE) inside the caller's transaction, committed whatever the outcome.
 */
export async function checkConfirmCode(
  tx: Queryable,
  input: { borrowerId: number; productId: number; code: string; now: Date },
): Promise<ConfirmCodeCheck> {
  const [row] = await tx.query<{
    id: number;
    code_salt: string;
    code_hash: string;
    attempts: number;
    expires_at: Date;
    used_at: Date | null;
  }>(
    `SELECT id, code_salt, code_hash, attempts, expires_at, used_at FROM confirm_codes
      WHERE borrower_id = $1 AND product_id = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [input.borrowerId, input.productId],
  );
  if (!row) return 'none';
  if (row.used_at) return 'used';
  if (row.expires_at.getTime() <= input.now.getTime()) return 'expired';
  if (row.attempts >= CONFIRM_CODE_MAX_ATTEMPTS) return 'locked';
  if (/^\d{6}$/.test(input.code) && sameHex(codeHash(row.code_salt, input.code), row.code_hash)) {
    await tx.query('UPDATE confirm_codes SET used_at = $2 WHERE id = $1', [row.id, input.now]);
    return 'ok';
  }
  const [updated] = await tx.query<{ attempts: number }>(
    'UPDATE confirm_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
    [row.id],
  );
  const remaining = CONFIRM_CODE_MAX_ATTEMPTS - (updated?.attempts ?? CONFIRM_CODE_MAX_ATTEMPTS);
  return remaining > 0 ? { wrong: remaining } : 'locked';
}
