import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/types.ts';

/**
 * Bound bank cards (migrations 003, 007). The number itself stays with the payment provider: we keep its token,
 * the last 4 digits and a keyed fingerprint. A card is usable (listed, chargeable) only once verified with the
 * SMS code sent when it was bound (services/card-binding.ts; docs/repayment.md "Card binding").
 */
export interface BankCardRow {
  id: number;
  borrowerId: number;
  bankCode: string;
  last4: string;
  holderName: string;
  providerToken: string;
  active: boolean;
  verifiedAt: Date | null;
  /** When a charge through the issuer's own step (OTP or 3-D Secure) first succeeded; null: never (migration 028). */
  issuerVerifiedAt: Date | null;
  verifySalt: string | null;
  verifyHash: string | null;
  verifySentAt: Date | null;
  verifyExpiresAt: Date | null;
}

interface DbRow {
  id: number;
  borrower_id: number;
  bank_code: string;
  last4: string;
  holder_name: string;
  provider_token: string;
  active: boolean;
  verified_at: Date | null;
  issuer_verified_at: Date | null;
  verify_salt: string | null;
  verify_hash: string | null;
  verify_sent_at: Date | null;
  verify_expires_at: Date | null;
}

const toCard = (r: DbRow): BankCardRow => ({
  id: r.id,
  borrowerId: r.borrower_id,
  bankCode: r.bank_code,
  last4: r.last4,
  holderName: r.holder_name,
  providerToken: r.provider_token,
  active: r.active,
  verifiedAt: r.verified_at,
  issuerVerifiedAt: r.issuer_verified_at,
  verifySalt: r.verify_salt,
  verifyHash: r.verify_hash,
  verifySentAt: r.verify_sent_at,
  verifyExpiresAt: r.verify_expires_at,
});

/** At most this many cards per borrower: verified ones plus those whose code is still live. */
export const MAX_CARDS = 10;

/**
 * Demo mode's fingerprint key when CARD_FINGERPRINT_SECRET is not set (documented in docs/repayment.md; env.ts
 * refuses it outside demo mode). Demo cards are made-up numbers, so a public key exposes nothing real.
 */
export const DEV_CARD_FINGERPRINT_SECRET = 'lendview-demo-card-fingerprint-key-not-for-production';

/**
 * HMAC-SHA256 of bank and number under the server's key: binding the same card twice finds the first binding,
 * while a leaked database does not give the number back (an unkeyed hash plus the stored last 4 digits did, by
 * trying the possible middles). The key never reaches the database.
 */
export const cardFingerprint = (secret: string, bankCode: string, cardNo: string) =>
  createHmac('sha256', secret).update(`card:${bankCode}:${cardNo}`).digest('hex');

/** Shown instead of the number: '**** **** **** 1234'. */
export const maskCard = (last4: string) => `**** **** **** ${last4}`;

/** A card counts against MAX_CARDS while verified, or while its code is live ($2 = now). */
const COUNTS = `active AND (verified_at IS NOT NULL OR verify_expires_at > $2::timestamptz)`;

/** The borrower's usable cards: active and verified. */
export async function listOwnCards(db: Queryable, borrowerId: number): Promise<BankCardRow[]> {
  const rows = await db.query<DbRow>('SELECT * FROM bank_cards WHERE borrower_id = $1 AND active AND verified_at IS NOT NULL ORDER BY id', [
    borrowerId,
  ]);
  return rows.map(toCard);
}

/**
 * The borrower's own usable card (active and verified), or null: another borrower's card, a card waiting for its
 * code and no card at all are the same answer. Every charge path looks cards up through this.
 */
export async function findOwnCard(db: Queryable, borrowerId: number, cardId: number): Promise<BankCardRow | null> {
  const [row] = await db.query<DbRow>(
    'SELECT * FROM bank_cards WHERE id = $1 AND borrower_id = $2 AND active AND verified_at IS NOT NULL',
    [cardId, borrowerId],
  );
  return row ? toCard(row) : null;
}

/** The borrower's own active card whatever its verification (bind-card-verify, bind-card-send-code), or null. */
export async function findOwnActiveCard(db: Queryable, borrowerId: number, cardId: number): Promise<BankCardRow | null> {
  const [row] = await db.query<DbRow>('SELECT * FROM bank_cards WHERE id = $1 AND borrower_id = $2 AND active', [cardId, borrowerId]);
  return row ? toCard(row) : null;
}

/** The borrower's card with this fingerprint (any state), or null. */
export async function findCardByFingerprint(db: Queryable, borrowerId: number, fingerprint: string): Promise<BankCardRow | null> {
  const [row] = await db.query<DbRow>('SELECT * FROM bank_cards WHERE borrower_id = $1 AND fingerprint = $2', [borrowerId, fingerprint]);
  return row ? toCard(row) : null;
}

/**
 * Serializes every change to one borrower's cards (binding, codes, verification): the borrower row is locked
 * until the transaction ends. FOR NO KEY UPDATE, so inserts that only reference the borrower (payments, orders)
 * are not blocked by it. Call first in the transaction.
 */
export async function lockBorrowerCards(tx: Queryable, borrowerId: number): Promise<void> {
  await tx.query('SELECT id FROM borrowers WHERE id = $1 FOR NO KEY UPDATE', [borrowerId]);
}

export interface CardCode {
  salt: string;
  hash: string;
  sentAt: Date;
  expiresAt: Date;
}

/**
 * Inserts a new card waiting for its code, in one statement that also enforces MAX_CARDS: the row is only
 * inserted while fewer than MAX_CARDS cards count. Null when the cap is reached. The caller holds
 * lockBorrowerCards, so concurrent binds of one borrower see each other's rows (READ COMMITTED takes a new
 * snapshot per statement, after the lock was granted).
 */
export async function insertPendingCard(
  tx: Queryable,
  c: {
    borrowerId: number;
    bankCode: string;
    last4: string;
    fingerprint: string;
    holderName: string;
    providerToken: string;
    code: CardCode;
    now: Date;
  },
): Promise<BankCardRow | null> {
  const [row] = await tx.query<DbRow>(
    `INSERT INTO bank_cards (borrower_id, bank_code, last4, fingerprint, holder_name, provider_token, active, created_at,
       verified_at, verify_salt, verify_hash, verify_sent_at, verify_expires_at)
     SELECT $1::bigint, $3::text, $4::text, $5::text, $6::text, $7::text, true, $2::timestamptz, NULL::timestamptz,
            $8::text, $9::text, $10::timestamptz, $11::timestamptz
      WHERE (SELECT count(*) FROM bank_cards WHERE borrower_id = $1 AND ${COUNTS}) < $12
     RETURNING *`,
    [
      c.borrowerId,
      c.now,
      c.bankCode,
      c.last4,
      c.fingerprint,
      c.holderName,
      c.providerToken,
      c.code.salt,
      c.code.hash,
      c.code.sentAt,
      c.code.expiresAt,
      MAX_CARDS,
    ],
  );
  return row ? toCard(row) : null;
}

/**
 * Gives an existing unverified (or removed) card a new code, makes it active and unverified, and refreshes the
 * holder name and token when given, in one statement that keeps MAX_CARDS: allowed when the card counts already
 * or fewer than MAX_CARDS others do. Null when the cap is reached.
 */
export async function renewCardCode(
  tx: Queryable,
  c: { cardId: number; borrowerId: number; code: CardCode; now: Date; holderName?: string; providerToken?: string },
): Promise<BankCardRow | null> {
  const [row] = await tx.query<DbRow>(
    `UPDATE bank_cards SET active = true, verified_at = NULL, verify_salt = $4, verify_hash = $5, verify_sent_at = $6,
       verify_expires_at = $7, holder_name = COALESCE($8, holder_name), provider_token = COALESCE($9, provider_token)
      WHERE id = $3 AND borrower_id = $1
        AND (SELECT count(*) FROM bank_cards WHERE borrower_id = $1 AND id <> $3 AND ${COUNTS}) < $10
     RETURNING *`,
    [
      c.borrowerId,
      c.now,
      c.cardId,
      c.code.salt,
      c.code.hash,
      c.code.sentAt,
      c.code.expiresAt,
      c.holderName ?? null,
      c.providerToken ?? null,
      MAX_CARDS,
    ],
  );
  return row ? toCard(row) : null;
}

/** The code was right: the card is usable and its code is gone (single use). */
export async function markCardVerified(tx: Queryable, cardId: number, now: Date): Promise<BankCardRow> {
  const [row] = await tx.query<DbRow>(
    `UPDATE bank_cards SET verified_at = $2, verify_salt = NULL, verify_hash = NULL, verify_expires_at = NULL
      WHERE id = $1 RETURNING *`,
    [cardId, now],
  );
  return toCard(row!);
}

/** A charge that went through the issuer's own step succeeded (migration 028): later charges need no code. */
export async function markIssuerVerified(tx: Queryable, cardId: number, now: Date): Promise<void> {
  await tx.query('UPDATE bank_cards SET issuer_verified_at = $2 WHERE id = $1 AND issuer_verified_at IS NULL', [cardId, now]);
}

/** Binding locked: every code the borrower holds dies (a new one is needed after the lock). */
export async function dropCardCodes(tx: Queryable, borrowerId: number): Promise<void> {
  await tx.query(
    `UPDATE bank_cards SET verify_salt = NULL, verify_hash = NULL, verify_expires_at = NULL
      WHERE borrower_id = $1 AND verify_hash IS NOT NULL`,
    [borrowerId],
  );
}

export interface BindGuard {
  wrongCodes: number;
  lockouts: number;
  lockedUntil: Date | null;
}

export async function getBindGuard(tx: Queryable, borrowerId: number): Promise<BindGuard> {
  const [row] = await tx.query<{ wrong_codes: number; lockouts: number; locked_until: Date | null }>(
    'SELECT wrong_codes, lockouts, locked_until FROM card_bind_guards WHERE borrower_id = $1',
    [borrowerId],
  );
  return row
    ? { wrongCodes: row.wrong_codes, lockouts: row.lockouts, lockedUntil: row.locked_until }
    : { wrongCodes: 0, lockouts: 0, lockedUntil: null };
}

export async function saveBindGuard(tx: Queryable, borrowerId: number, g: BindGuard): Promise<void> {
  await tx.query(
    `INSERT INTO card_bind_guards (borrower_id, wrong_codes, lockouts, locked_until) VALUES ($1, $2, $3, $4)
     ON CONFLICT (borrower_id) DO UPDATE SET wrong_codes = EXCLUDED.wrong_codes, lockouts = EXCLUDED.lockouts,
       locked_until = EXCLUDED.locked_until`,
    [borrowerId, g.wrongCodes, g.lockouts, g.lockedUntil],
  );
}
