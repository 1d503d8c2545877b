import type { Queryable } from '../db/types.ts';
import { sha256Hex } from '../lib/crypto.ts';

/** A bound bank card (migration 003). The number itself stays with the payment provider. */
export interface BankCardRow {
  id: number;
  borrowerId: number;
  bankCode: string;
  last4: string;
  holderName: string;
  providerToken: string;
}

interface DbRow {
  id: number;
  borrower_id: number;
  bank_code: string;
  last4: string;
  holder_name: string;
  provider_token: string;
}

const toCard = (r: DbRow): BankCardRow => ({
  id: r.id,
  borrowerId: r.borrower_id,
  bankCode: r.bank_code,
  last4: r.last4,
  holderName: r.holder_name,
  providerToken: r.provider_token,
});

/** At most this many active cards per borrower. */
export const MAX_CARDS = 10;

export const cardFingerprint = (bankCode: string, cardNo: string) => sha256Hex(`card:${bankCode}:${cardNo}`);

/** Shown instead of the number: '**** **** **** 1234'. */
export const maskCard = (last4: string) => `**** **** **** ${last4}`;

export async function listOwnCards(db: Queryable, borrowerId: number): Promise<BankCardRow[]> {
  const rows = await db.query<DbRow>('SELECT * FROM bank_cards WHERE borrower_id = $1 AND active ORDER BY id', [borrowerId]);
  return rows.map(toCard);
}

/** The borrower's own active card, or null (another borrower's card is the same answer as none). */
export async function findOwnCard(db: Queryable, borrowerId: number, cardId: number): Promise<BankCardRow | null> {
  const [row] = await db.query<DbRow>('SELECT * FROM bank_cards WHERE id = $1 AND borrower_id = $2 AND active', [cardId, borrowerId]);
  return row ? toCard(row) : null;
}

export async function countOwnCards(db: Queryable, borrowerId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM bank_cards WHERE borrower_id = $1 AND active', [borrowerId]);
  return row?.n ?? 0;
}

/**
 * Binds a card, or answers the card already bound with the same bank and number (re-activated, holder name
 * updated): binding twice makes one card.
 */
export async function bindOwnCard(
  db: Queryable,
  c: { borrowerId: number; bankCode: string; cardNo: string; holderName: string; providerToken: string; now: Date },
): Promise<BankCardRow> {
  const [row] = await db.query<DbRow>(
    `INSERT INTO bank_cards (borrower_id, bank_code, last4, fingerprint, holder_name, provider_token, active, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7)
     ON CONFLICT (borrower_id, fingerprint) DO UPDATE SET active = true, holder_name = EXCLUDED.holder_name,
       provider_token = EXCLUDED.provider_token
     RETURNING *`,
    [c.borrowerId, c.bankCode, c.cardNo.slice(-4), cardFingerprint(c.bankCode, c.cardNo), c.holderName, c.providerToken, c.now],
  );
  return toCard(row!);
}
