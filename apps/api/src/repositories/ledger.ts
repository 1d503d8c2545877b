import type { RepayType, UnappliedFundState, UnappliedReason } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import type { PaymentMethod } from './payments.ts';

/**
 * The ledger of money received (migration 006, docs/repayment.md "Ledger"): one entry per payment the provider
 * reported, split by what it paid, and the unapplied funds an operator resolves. Money in minor units.
 */

/** What a payment paid, by the application order (late charges, interest, principal; or the extension fee). */
export interface Allocation {
  principal: number;
  interest: number;
  latePenalty: number;
  lateInterest: number;
  extensionFee: number;
}

export const NO_ALLOCATION: Allocation = { principal: 0, interest: 0, latePenalty: 0, lateInterest: 0, extensionFee: 0 };
export const allocationTotal = (a: Allocation) => a.principal + a.interest + a.latePenalty + a.lateInterest + a.extensionFee;

export interface LedgerEntry extends Allocation {
  id: number;
  providerEvent: string;
  paymentId: number;
  orderNo: string;
  borrowerId: number;
  amount: number;
  repayType: RepayType;
  periods: number[];
  unapplied: number;
  refunded: number;
  paidAt: Date;
  receivedAt: Date;
}

/** A ledger_entries row as selected (`SELECT *`). */
export interface LedgerDbRow {
  id: number;
  provider_event: string;
  payment_id: number;
  order_no: string;
  borrower_id: number;
  amount: number;
  repay_type: RepayType;
  periods: number[] | null;
  principal: number;
  interest: number;
  late_penalty: number;
  late_interest: number;
  extension_fee: number;
  unapplied: number;
  refunded: number;
  paid_at: Date;
  received_at: Date;
}

export const toEntry = (r: LedgerDbRow): LedgerEntry => ({
  id: r.id,
  providerEvent: r.provider_event,
  paymentId: r.payment_id,
  orderNo: r.order_no,
  borrowerId: r.borrower_id,
  amount: r.amount,
  repayType: r.repay_type,
  periods: (r.periods ?? []).map(Number),
  principal: r.principal,
  interest: r.interest,
  latePenalty: r.late_penalty,
  lateInterest: r.late_interest,
  extensionFee: r.extension_fee,
  unapplied: r.unapplied,
  refunded: r.refunded,
  paidAt: r.paid_at,
  receivedAt: r.received_at,
});

export interface NewLedgerEntry extends Allocation {
  providerEvent: string;
  paymentId: number;
  orderNo: string;
  borrowerId: number;
  amount: number;
  repayType: RepayType;
  periods: number[];
  unapplied: number;
  paidAt: Date;
  receivedAt: Date;
}

export async function insertLedgerEntry(tx: Queryable, e: NewLedgerEntry): Promise<LedgerEntry> {
  const [row] = await tx.query<LedgerDbRow>(
    `INSERT INTO ledger_entries (provider_event, payment_id, order_no, borrower_id, amount, repay_type, periods, principal,
       interest, late_penalty, late_interest, extension_fee, unapplied, paid_at, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::integer[], $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING *`,
    [
      e.providerEvent,
      e.paymentId,
      e.orderNo,
      e.borrowerId,
      e.amount,
      e.repayType,
      e.periods,
      e.principal,
      e.interest,
      e.latePenalty,
      e.lateInterest,
      e.extensionFee,
      e.unapplied,
      e.paidAt,
      e.receivedAt,
    ],
  );
  return toEntry(row!);
}

/** Moves held money of an entry into what it paid (an operator applied a fund). */
export async function creditLedgerEntry(
  tx: Queryable,
  id: number,
  a: Allocation & { repayType: RepayType; periods: number[] },
): Promise<void> {
  const total = allocationTotal(a);
  // repay_type: what it was applied as; it changes only when nothing had been applied before.
  await tx.query(
    `UPDATE ledger_entries SET principal = principal + $2, interest = interest + $3, late_penalty = late_penalty + $4,
       late_interest = late_interest + $5, extension_fee = extension_fee + $6, unapplied = unapplied - $7,
       repay_type = CASE WHEN principal + interest + late_penalty + late_interest + extension_fee = 0 THEN $8 ELSE repay_type END,
       periods = periods || $9::integer[]
     WHERE id = $1`,
    [id, a.principal, a.interest, a.latePenalty, a.lateInterest, a.extensionFee, total, a.repayType, a.periods],
  );
}

export async function refundLedgerEntry(tx: Queryable, id: number, amount: number): Promise<void> {
  await tx.query('UPDATE ledger_entries SET unapplied = unapplied - $2, refunded = refunded + $2 WHERE id = $1', [id, amount]);
}

/** Whether money was applied to the order (an entry that paid something) received since `since`. */
export async function appliedSince(tx: Queryable, orderNo: string, since: Date): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM ledger_entries WHERE order_no = $1 AND received_at >= $2
        AND principal + interest + late_penalty + late_interest + extension_fee > 0 LIMIT 1`,
    [orderNo, since],
  );
  return rows.length > 0;
}

/** The payment and provider event of an entry, the entry locked (an operator resolving its fund). */
export async function lockEntrySource(tx: Queryable, id: number): Promise<{ paymentId: number; providerEvent: string } | null> {
  const [row] = await tx.query<{ payment_id: number; provider_event: string }>(
    'SELECT payment_id, provider_event FROM ledger_entries WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row ? { paymentId: row.payment_id, providerEvent: row.provider_event } : null;
}

/** Receipts of an order: its entries with the method of the payment they came on, newest first. */
export interface ReceiptRow extends LedgerEntry {
  method: PaymentMethod;
  channel: string;
}

export async function listOrderEntries(db: Queryable, orderNo: string): Promise<ReceiptRow[]> {
  const rows = await db.query<LedgerDbRow & { method: PaymentMethod; channel: string }>(
    `SELECT l.*, p.method, p.channel FROM ledger_entries l JOIN payments p ON p.id = l.payment_id
      WHERE l.order_no = $1 ORDER BY l.paid_at DESC, l.id DESC`,
    [orderNo],
  );
  return rows.map((r) => ({ ...toEntry(r), method: r.method, channel: r.channel }));
}

// --- Unapplied funds ---------------------------------------------------------------------------------------------

export interface UnappliedFund {
  id: number;
  ledgerEntryId: number;
  orderNo: string;
  amount: number;
  reason: UnappliedReason;
  state: UnappliedFundState;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: number | null;
  note: string;
  refundId: string | null;
}

interface FundDbRow {
  id: number;
  ledger_entry_id: number;
  order_no: string;
  amount: number;
  reason: UnappliedReason;
  state: UnappliedFundState;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by: number | null;
  note: string;
  refund_id: string | null;
}

const toFund = (r: FundDbRow): UnappliedFund => ({
  id: r.id,
  ledgerEntryId: r.ledger_entry_id,
  orderNo: r.order_no,
  amount: r.amount,
  reason: r.reason,
  state: r.state,
  createdAt: r.created_at,
  resolvedAt: r.resolved_at,
  resolvedBy: r.resolved_by,
  note: r.note,
  refundId: r.refund_id,
});

export async function insertUnappliedFund(
  tx: Queryable,
  f: { ledgerEntryId: number; orderNo: string; amount: number; reason: UnappliedReason; createdAt: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO unapplied_funds (ledger_entry_id, order_no, amount, reason, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [f.ledgerEntryId, f.orderNo, f.amount, f.reason, f.createdAt],
  );
  return row!.id;
}

/** A fund by id; `forUpdate` only after its order row is locked (the lock order of docs/repayment.md). */
export async function findUnappliedFund(db: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<UnappliedFund | null> {
  const [row] = await db.query<FundDbRow>(`SELECT * FROM unapplied_funds WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return row ? toFund(row) : null;
}

/** Closes an open fund: applied (possibly for part of it: `amount`) or refunded. */
export async function closeUnappliedFund(
  tx: Queryable,
  f: { id: number; state: 'applied' | 'refunded'; amount: number; operatorId: number; note: string; refundId: string | null; now: Date },
): Promise<void> {
  await tx.query(
    `UPDATE unapplied_funds SET state = $2, amount = $3, resolved_by = $4, note = $5, refund_id = $6, resolved_at = $7
      WHERE id = $1 AND state = 'open'`,
    [f.id, f.state, f.amount, f.operatorId, f.note, f.refundId, f.now],
  );
}

/** A fund with what the operator list shows about it. */
export interface FundListRow extends UnappliedFund {
  reference: string;
  vcode: string | null;
  channel: string;
  providerEvent: string;
  paymentAmount: number;
  borrowerId: number;
  borrowerPhone: string;
  isRepeatClient: boolean;
  resolvedByName: string | null;
  /** What the code the money came in on was for, and when it was issued (what the operator may apply it as). */
  repayType: RepayType;
  periods: number | null;
  codeCreatedAt: Date;
}

const FUND_LIST_SELECT = `
  SELECT f.*, p.reference, p.vcode, p.channel, p.repay_type, p.periods, p.created_at AS code_created_at, l.provider_event, l.amount AS payment_amount, l.borrower_id,
         b.phone AS borrower_phone, b.is_repeat_client, o.username AS resolved_by_name
    FROM unapplied_funds f
    JOIN ledger_entries l ON l.id = f.ledger_entry_id
    JOIN payments p ON p.id = l.payment_id
    JOIN borrowers b ON b.id = l.borrower_id
    LEFT JOIN operators o ON o.id = f.resolved_by`;

type FundListDbRow = FundDbRow & {
  reference: string;
  vcode: string | null;
  channel: string;
  provider_event: string;
  payment_amount: number;
  borrower_id: number;
  borrower_phone: string;
  is_repeat_client: boolean;
  resolved_by_name: string | null;
  repay_type: RepayType;
  periods: number | null;
  code_created_at: Date;
};

const toListRow = (r: FundListDbRow): FundListRow => ({
  ...toFund(r),
  reference: r.reference,
  vcode: r.vcode,
  channel: r.channel,
  providerEvent: r.provider_event,
  paymentAmount: r.payment_amount,
  borrowerId: r.borrower_id,
  borrowerPhone: r.borrower_phone,
  isRepeatClient: r.is_repeat_client,
  resolvedByName: r.resolved_by_name,
  repayType: r.repay_type,
  periods: r.periods,
  codeCreatedAt: r.code_created_at,
});

/** Newest first; `state` null = every state. */
export async function listUnappliedFunds(
  db: Queryable,
  q: { state: UnappliedFundState | null; limit: number; offset: number },
): Promise<{ rows: FundListRow[]; total: number }> {
  const rows = await db.query<FundListDbRow>(
    `${FUND_LIST_SELECT} WHERE ($1::text IS NULL OR f.state = $1::text) ORDER BY f.id DESC LIMIT $2 OFFSET $3`,
    [q.state, q.limit, q.offset],
  );
  const [count] = await db.query<{ n: number }>(
    'SELECT count(*)::bigint AS n FROM unapplied_funds WHERE ($1::text IS NULL OR state = $1::text)',
    [q.state],
  );
  return { rows: rows.map(toListRow), total: count?.n ?? 0 };
}

export async function fundListRow(db: Queryable, id: number): Promise<FundListRow | null> {
  const [row] = await db.query<FundListDbRow>(`${FUND_LIST_SELECT} WHERE f.id = $1`, [id]);
  return row ? toListRow(row) : null;
}
