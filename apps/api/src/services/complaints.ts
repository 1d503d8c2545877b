import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { OPS_CONSOLE_PHOTO_PREFIX, type OrderCard } from '@lendview/contracts';
import type { Db, Queryable } from '../db/types.ts';
import { formatMoney } from '../i18n/format.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import { fileSignatureValid, signedFileUrl } from '../lib/file-urls.ts';
import {
  attachImages,
  findBorrowerImage,
  findComplaintByKey,
  findImage,
  findImageWithOwner,
  findRecentDuplicate,
  imageSigningKey,
  insertComplaint,
  lockBorrowerForComplaint,
  type StoredImage,
} from '../repositories/complaints.ts';
import type { Order } from '../repositories/orders.ts';
import { productNamesAndLogos } from '../repositories/products.ts';
import { BORROWER_LIMITS, capRule, hitRateLimit } from '../repositories/rate-limits.ts';
import { findSessionBorrower } from '../repositories/sessions.ts';

/**
 * Collection complaints (spec 2.4 / 3 isShow) are allowed on orders a collector may be working on: repaying,
 * due soon, overdue, and the legacy repaying / overdue statuses. Not on orders under review, rejected,
 * disbursing or settled: no collection happens on them (a borrower with a complaint about collection on a
 * settled loan files it under another type).
 */
export const COLLECTION_STATUSES: ReadonlySet<number> = new Set([170, 174, 180, 3, 5]);

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Jakarta (UTC+7, no daylight saving), as spec 9 writes times. */
export function jakartaDateTime(d: Date): string {
  return new Date(d.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Name and logo of the orders' products, one query. */
export async function productsOf(db: Queryable, orders: Order[]): Promise<Map<number, { name: string; logo: string }>> {
  return productNamesAndLogos(db, [...new Set(orders.map((o) => o.productId))]);
}

/** Spec 3 "Order card": the product, the status, isShow and a few rows the borrower recognises the order by. */
export function orderCardOf(order: Order, product: { name: string; logo: string } | undefined, lang: Lang): OrderCard {
  const list = [{ title: t(lang, 'rowLoanAmount'), value: formatMoney(order.principal, lang) }];
  if (order.dueDate) list.push({ title: t(lang, 'rowDueDate'), value: order.dueDate });
  else list.push({ title: t(lang, 'rowApplyDate'), value: jakartaDate(order.appliedAt) });
  return {
    orderNo: order.orderNo,
    productLogo: product?.logo ?? '',
    productName: product?.name ?? '',
    status: order.status,
    isShow: COLLECTION_STATUSES.has(order.status) ? 1 : 0,
    list,
  };
}

// Photo URLs ------------------------------------------------------------------------------------------------------

const BORROWER_IMAGE_PATH = '/user-problem/image/';
const OPS_IMAGE_PATH = '/ops/api/complaints/image/';
const PUBLIC_ID = /^[A-Za-z0-9_-]{32}$/;

/** How long an operator's signed photo URL works (the queue page gets fresh ones on every load). */
export const OPS_IMAGE_URL_TTL_MS = 30 * 60 * 1000;

/**
 * Same-origin URL of a photo for its owner `borrowerId`: a signed URL (lib/file-urls.ts; about 15 minutes), so it
 * works in server-rendered HTML and in the page alike without the session. The path alone still works with the
 * owner's session (tok / X-Lv-Token).
 */
export const borrowerImageUrl = (key: Buffer, publicId: string, borrowerId: number, now: Date) =>
  signedFileUrl(key, `${BORROWER_IMAGE_PATH}${publicId}`, { kind: 'complaint-image', id: publicId, borrowerId }, now);

const signature = (key: string, publicId: string, exp: number) =>
  createHmac('sha256', key).update(`ops-image:${publicId}:${exp}`).digest('base64url');

/**
 * An operator's photo URL: an <img> cannot send the bearer token, so the URL itself carries a short-lived
 * HMAC signature (key in app_settings, shared by every instance).
 */
export function opsImageUrl(key: string, publicId: string, now: Date): string {
  const exp = Math.floor((now.getTime() + OPS_IMAGE_URL_TTL_MS) / 1000);
  return `${OPS_IMAGE_PATH}${publicId}?exp=${exp}&sig=${signature(key, publicId, exp)}`;
}

const PHOTO_ID = /^[A-Za-z0-9_-]{32}$/;

/** The photo of an operator's signed URL (id, exp, sig as the URL carries them), or null when anything is off. */
export async function opsImageOf(db: Queryable, q: { id: string; exp: unknown; sig: unknown; now: Date }): Promise<StoredImage | null> {
  if (typeof q.exp !== 'string' || typeof q.sig !== 'string' || !PHOTO_ID.test(q.id)) return null;
  if (!verifyOpsImageSignature(await imageSigningKey(db), q.id, q.exp, q.sig, q.now)) return null;
  return findImage(db, q.id);
}

/**
 * A photo for its owner only: the borrower who uploaded it, or the borrower whose complaint an operator's photo
 * answers. No session, another borrower, or no such photo: null (the same 404).
 */
export async function borrowerImageOf(db: Queryable, q: { token: string | undefined; id: string; now: Date }): Promise<StoredImage | null> {
  const borrower = q.token ? await findSessionBorrower(db, q.token, q.now) : null;
  if (!borrower || !PHOTO_ID.test(q.id)) return null;
  return findBorrowerImage(db, borrower.id, q.id);
}

/**
 * The photo of a borrower's signed URL (id, exp, sig as the URL carries them), or null: an unknown photo, an
 * operator's unattached upload, a signature made for another borrower or another photo, a changed expiry, an
 * expired or malformed one.
 */
export async function signedBorrowerImageOf(
  db: Queryable,
  q: { id: string; exp: unknown; sig: unknown; key: Buffer; now: Date },
): Promise<StoredImage | null> {
  if (typeof q.exp !== 'string' || typeof q.sig !== 'string' || !PHOTO_ID.test(q.id)) return null;
  const image = await findImageWithOwner(db, q.id);
  if (!image || image.borrowerId === null) return null;
  const file = { kind: 'complaint-image' as const, id: q.id, borrowerId: image.borrowerId };
  if (!fileSignatureValid(q.key, file, q.exp, q.sig, q.now)) return null;
  return { storageKey: image.storageKey, mime: image.mime };
}

export function verifyOpsImageSignature(key: string, publicId: string, exp: string, sig: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, publicId, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The photo id of a URL this API handed out (either form, relative or absolute, query ignored), or null.
 * `accept` limits which form is taken: a borrower's save takes only borrower URLs.
 */
export function publicIdOfUrl(url: string, accept: 'borrower' | 'any'): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const prefixes = accept === 'borrower' ? [BORROWER_IMAGE_PATH] : [BORROWER_IMAGE_PATH, OPS_IMAGE_PATH, OPS_CONSOLE_PHOTO_PREFIX];
  for (const prefix of prefixes) {
    if (path.startsWith(prefix)) {
      const id = path.slice(prefix.length);
      return PUBLIC_ID.test(id) ? id : null;
    }
  }
  return null;
}

/** Comma-joined URLs → the list (blank entries dropped). */
export const splitUrls = (joined: string) =>
  joined
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');

// Saving a complaint: idempotency, duplicates, the daily cap ------------------------------------------------------

/** An identical complaint (same type, sub-type, order, text and photos) from the same borrower within this window is the first one again. */
export const COMPLAINT_DUPLICATE_WINDOW_MS = 60 * 1000;

export const complaintContentHash = (c: {
  problemType: number;
  subType: number | null;
  orderNo: string | null;
  detail: string;
  imageIds: string[];
}) =>
  createHash('sha256')
    .update(JSON.stringify([c.problemType, c.subType, c.orderNo, c.detail, c.imageIds]))
    .digest('hex');

export type SaveComplaintOutcome =
  | { result: 'saved'; problemId: number }
  /** The same submission again (idempotency key, or identical content within the window): the first complaint. */
  | { result: 'replayed'; problemId: number }
  | { result: 'limited'; retryAfterSeconds: number }
  | { result: 'imagesRefused' };

/**
 * One complaint save, in one transaction: the borrower's saves are serialized (row lock), a known idempotency
 * key or an identical complaint within COMPLAINT_DUPLICATE_WINDOW_MS answers the first complaint, then the daily
 * cap is counted (replays are free) and the complaint is inserted with its photos. A photo that is not this
 * borrower's unattached upload rolls everything back.
 */
export async function saveComplaint(
  db: Db,
  input: {
    borrowerId: number;
    orderNo: string | null;
    problemType: number;
    subType: number | null;
    detail: string;
    imageIds: string[];
    idempotencyKey: string | null;
    now: Date;
  },
): Promise<SaveComplaintOutcome> {
  const contentHash = complaintContentHash(input);
  try {
    return await db.transaction(async (tx) => {
      await lockBorrowerForComplaint(tx, input.borrowerId);
      if (input.idempotencyKey) {
        const first = await findComplaintByKey(tx, input.borrowerId, input.idempotencyKey);
        if (first !== null) return { result: 'replayed' as const, problemId: first };
      }
      const since = new Date(input.now.getTime() - COMPLAINT_DUPLICATE_WINDOW_MS);
      const duplicate = await findRecentDuplicate(tx, input.borrowerId, contentHash, since);
      if (duplicate !== null) return { result: 'replayed' as const, problemId: duplicate };

      const cap = await hitRateLimit(tx, capRule('complaints', input.borrowerId, BORROWER_LIMITS.complaintsPerDay), input.now);
      if (!cap.allowed) return { result: 'limited' as const, retryAfterSeconds: cap.retryAfterSeconds };

      const id = await insertComplaint(tx, {
        borrowerId: input.borrowerId,
        orderNo: input.orderNo,
        problemType: input.problemType,
        problemSubType: input.subType,
        detail: input.detail,
        idempotencyKey: input.idempotencyKey,
        contentHash,
        now: input.now,
      });
      const attached = await attachImages(tx, id, input.imageIds, { uploadedBy: 'borrower', borrowerId: input.borrowerId });
      // A photo that is not this borrower's upload, or is already in another complaint: nothing is saved.
      if (attached !== input.imageIds.length) throw new ImagesRefused();
      return { result: 'saved' as const, problemId: id };
    });
  } catch (err) {
    if (err instanceof ImagesRefused) return { result: 'imagesRefused' };
    throw err;
  }
}

class ImagesRefused extends Error {}
