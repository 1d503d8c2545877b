import { createHmac, randomBytes } from 'node:crypto';
import { PARTNER_CODE_PARAM, PARTNER_CODE_TTL_SECONDS } from '@lendview/contracts';
import type { Queryable } from '../../db/types.ts';
import { sha256Hex } from '../../lib/crypto.ts';

/**
 * Joint login with partner lenders (issue 12 item 1; docs/api.md "Partner joint login"). The borrower's session
 * token never goes to a partner: the partner URL carries a one-time code (60 s, single use, bound to the
 * partner's product) that the partner trades server to server, with its own API key, for a pseudonymous id.
 */

const codeHashOf = (code: string) => sha256Hex(`partner-code:${code}`);
const keyHashOf = (key: string) => sha256Hex(`partner-key:${key}`);

/** 13800000000 → 138****0000. */
export const maskPhone = (phone: string) => (phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/**
 * A new API key for the partner of `productId` (replaces an earlier one). Returned once: only its hash is kept.
 * Issued by whoever onboards the partner (an operator's script; tests call it directly).
 */
export async function issuePartnerKey(db: Queryable, productId: number, now: Date): Promise<string> {
  const key = `lvp_${randomBytes(32).toString('base64url')}`;
  const pseudonymKey = randomBytes(32).toString('hex');
  await db.query(
    `INSERT INTO partner_credentials (product_id, key_hash, pseudonym_key, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (product_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, created_at = EXCLUDED.created_at, revoked_at = NULL`,
    [productId, keyHashOf(key), pseudonymKey, now],
  );
  return key;
}

export interface PartnerCredential {
  productId: number;
  pseudonymKey: string;
}

/** The partner whose API key this is, unless unknown or revoked. */
export async function findPartnerByKey(db: Queryable, key: string): Promise<PartnerCredential | null> {
  const [row] = await db.query<{ product_id: number; pseudonym_key: string }>(
    'SELECT product_id, pseudonym_key FROM partner_credentials WHERE key_hash = $1 AND revoked_at IS NULL',
    [keyHashOf(key)],
  );
  return row ? { productId: row.product_id, pseudonymKey: row.pseudonym_key } : null;
}

/**
 * The partner URL the borrower is sent to: the partner's own apply link with a fresh one-time code in
 * `lvCode`, and nothing else of ours (no token, no device id).
 */
export async function partnerLaunchUrl(
  db: Queryable,
  input: { borrowerId: number; productId: number; url: string; now: Date },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO partner_login_codes (code_hash, product_id, borrower_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [codeHashOf(code), input.productId, input.borrowerId, input.now, new Date(input.now.getTime() + PARTNER_CODE_TTL_SECONDS * 1000)],
  );
  const url = new URL(input.url);
  url.searchParams.set(PARTNER_CODE_PARAM, code);
  return url.toString();
}

/**
 * Uses a code: one UPDATE marks it used only if it is unused, unexpired and was issued for this partner's
 * product, so two exchanges at once cannot both win. A code shown by the wrong partner has leaked: it is
 * spent as well (and that partner gets nothing).
 */
export async function redeemPartnerCode(
  db: Queryable,
  input: { code: string; productId: number; now: Date },
): Promise<{ borrowerId: number; phone: string; issuedAt: Date } | null> {
  const [row] = await db.query<{ borrower_id: number; product_id: number; created_at: Date }>(
    `UPDATE partner_login_codes SET used_at = $2
      WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING borrower_id, product_id, created_at`,
    [codeHashOf(input.code), input.now],
  );
  if (!row || row.product_id !== input.productId) return null;
  const [borrower] = await db.query<{ phone: string }>('SELECT phone FROM borrowers WHERE id = $1', [row.borrower_id]);
  if (!borrower) return null;
  return { borrowerId: row.borrower_id, phone: borrower.phone, issuedAt: row.created_at };
}

/** The borrower's id as this partner sees it: stable for the partner, unlinkable across partners. */
export const partnerUserId = (pseudonymKey: string, borrowerId: number) =>
  `lvu_${createHmac('sha256', pseudonymKey).update(`borrower:${borrowerId}`).digest('base64url').slice(0, 32)}`;
