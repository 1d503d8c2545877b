import { createHmac, randomBytes } from 'node:crypto';
import { ErrorCode, PARTNER_CODE_PARAM, PARTNER_CODE_TTL_SECONDS, type partnerExchange } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import { sha256Hex } from '../lib/crypto.ts';
import type { AnswerOf } from '../lib/endpoint.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { maskPhone } from '../lib/phones.ts';
import { findPartnerByKeyHash, insertPartnerLoginCode, savePartnerCredential, spendPartnerLoginCode } from '../repositories/partners.ts';
import { findBorrowerPhone } from '../repositories/sessions.ts';

/**
 * Joint login with partner lenders (issue 12 item 1; docs/api.md "Partner joint login"). The borrower's session
 * token never goes to a partner: the partner URL carries a one-time code (60 s, single use, bound to the
 * partner's product) that the partner trades server to server, with its own API key, for a pseudonymous id.
 */

const codeHashOf = (code: string) => sha256Hex(`partner-code:${code}`);
const keyHashOf = (key: string) => sha256Hex(`partner-key:${key}`);
const BEARER = /^Bearer\s+(lvp_[A-Za-z0-9_-]{20,128})\s*$/i;

/**
 * A new API key for the partner of `productId` (replaces an earlier one). Returned once: only its hash is kept.
 * Issued by whoever onboards the partner (cli/partner-key.ts; tests call it directly).
 */
export async function issuePartnerKey(db: Queryable, productId: number, now: Date): Promise<string> {
  const key = `lvp_${randomBytes(32).toString('base64url')}`;
  await savePartnerCredential(db, { productId, keyHash: keyHashOf(key), pseudonymKey: randomBytes(32).toString('hex'), now });
  return key;
}

export interface PartnerCredential {
  productId: number;
  pseudonymKey: string;
}

/** The partner whose API key this is, unless unknown or revoked. */
export const findPartnerByKey = (db: Queryable, key: string): Promise<PartnerCredential | null> => findPartnerByKeyHash(db, keyHashOf(key));

/**
 * The partner URL the borrower is sent to: the partner's own apply link with a fresh one-time code in
 * `lvCode`, and nothing else of ours (no token, no device id).
 */
export async function partnerLaunchUrl(
  db: Queryable,
  input: { borrowerId: number; productId: number; url: string; now: Date },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await insertPartnerLoginCode(db, {
    codeHash: codeHashOf(code),
    productId: input.productId,
    borrowerId: input.borrowerId,
    now: input.now,
    expiresAt: new Date(input.now.getTime() + PARTNER_CODE_TTL_SECONDS * 1000),
  });
  const url = new URL(input.url);
  url.searchParams.set(PARTNER_CODE_PARAM, code);
  return url.toString();
}

/**
 * Uses a code: it is spent only if it is unused, unexpired (one UPDATE) and was issued for this partner's
 * product. A code shown by the wrong partner has leaked: it is spent as well (and that partner gets nothing).
 */
export async function redeemPartnerCode(
  db: Queryable,
  input: { code: string; productId: number; now: Date },
): Promise<{ borrowerId: number; phone: string; issuedAt: Date } | null> {
  const spent = await spendPartnerLoginCode(db, codeHashOf(input.code), input.now);
  if (!spent || spent.productId !== input.productId) return null;
  const phone = await findBorrowerPhone(db, spent.borrowerId);
  if (phone === null) return null;
  return { borrowerId: spent.borrowerId, phone, issuedAt: spent.createdAt };
}

/** The borrower's id as this partner sees it: stable for the partner, unlinkable across partners. */
export const partnerUserId = (pseudonymKey: string, borrowerId: number) =>
  `lvu_${createHmac('sha256', pseudonymKey).update(`borrower:${borrowerId}`).digest('base64url').slice(0, 32)}`;

/**
 * POST /partner/api/exchange: the partner's key (Authorization: Bearer) and a joint-login code → the minimum a
 * partner needs. Unknown key → UNAUTHORIZED; a code not usable by this partner → BAD_REQUEST (`refused` is told).
 */
export async function exchangePartnerCode(
  db: Queryable,
  input: { authorization: unknown; code: string; now: Date; refused: (productId: number) => void },
): Promise<AnswerOf<typeof partnerExchange>> {
  const key = typeof input.authorization === 'string' ? BEARER.exec(input.authorization)?.[1] : undefined;
  const partner = key ? await findPartnerByKey(db, key) : null;
  if (!partner) throw new ApiError(ErrorCode.unauthorized, 'partnerUnauthorized');
  const redeemed = await redeemPartnerCode(db, { code: input.code, productId: partner.productId, now: input.now });
  if (!redeemed) {
    input.refused(partner.productId);
    throw badRequest('partnerCodeInvalid');
  }
  return {
    partnerUserId: partnerUserId(partner.pseudonymKey, redeemed.borrowerId),
    productId: partner.productId,
    phoneMasked: maskPhone(redeemed.phone),
    issuedAt: redeemed.issuedAt.toISOString(),
  };
}
