import type { Queryable } from '../db/types.ts';

/**
 * Partner lenders' API keys and one-time joint-login codes (issue 12 item 1; services/partner.ts has the rules).
 * Only hashes of keys and codes are stored.
 */

/** Stores the key of the partner of `productId`, replacing (and un-revoking) an earlier one. */
export async function savePartnerCredential(
  db: Queryable,
  c: { productId: number; keyHash: string; pseudonymKey: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO partner_credentials (product_id, key_hash, pseudonym_key, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (product_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, created_at = EXCLUDED.created_at, revoked_at = NULL`,
    [c.productId, c.keyHash, c.pseudonymKey, c.now],
  );
}

/** The partner whose key has this hash, unless unknown or revoked. */
export async function findPartnerByKeyHash(db: Queryable, keyHash: string): Promise<{ productId: number; pseudonymKey: string } | null> {
  const [row] = await db.query<{ product_id: number; pseudonym_key: string }>(
    'SELECT product_id, pseudonym_key FROM partner_credentials WHERE key_hash = $1 AND revoked_at IS NULL',
    [keyHash],
  );
  return row ? { productId: row.product_id, pseudonymKey: row.pseudonym_key } : null;
}

export async function insertPartnerLoginCode(
  db: Queryable,
  c: { codeHash: string; productId: number; borrowerId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO partner_login_codes (code_hash, product_id, borrower_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [c.codeHash, c.productId, c.borrowerId, c.now, c.expiresAt],
  );
}

/**
 * Spends a code: one UPDATE marks it used only if it is unused and unexpired, so two exchanges at once cannot
 * both win. Returns whom and which product it was issued for, or null.
 */
export async function spendPartnerLoginCode(
  db: Queryable,
  codeHash: string,
  now: Date,
): Promise<{ borrowerId: number; productId: number; createdAt: Date } | null> {
  const [row] = await db.query<{ borrower_id: number; product_id: number; created_at: Date }>(
    `UPDATE partner_login_codes SET used_at = $2
      WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING borrower_id, product_id, created_at`,
    [codeHash, now],
  );
  return row ? { borrowerId: row.borrower_id, productId: row.product_id, createdAt: row.created_at } : null;
}
