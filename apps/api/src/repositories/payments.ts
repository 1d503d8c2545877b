import { randomBytes } from 'node:crypto';
import type { RepayType } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';

/** A row of `payments` (migration 003). Money in minor units. */
export interface Payment {
  id: number;
  reference: string;
  borrowerId: number;
  orderNo: string;
  repayType: RepayType;
  periodFrom: number | null;
  periods: number | null;
  amount: number;
  loanPart: number;
  latePenalty: number;
  lateInterest: number;
  extensionFee: number;
  method: PaymentMethod;
  payType: 1 | 2 | null;
  channel: string;
  specificNum: string;
  vcode: string | null;
  cardId: number | null;
  otpRequired: boolean;
  otpSalt: string | null;
  otpHash: string | null;
  otpAttempts: number;
  otpExpiresAt: Date | null;
  state: PaymentState;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
  providerEvent: string | null;
  /** A cooling-off exit code (migration 014): the days of interest and the interest it was issued for. */
  exitDays: number | null;
  exitInterest: number | null;
}

export type PaymentMethod = 'va' | 'market' | 'card' | 'hosted';
export type PaymentState = 'pending' | 'paid' | 'expired' | 'cancelled';

interface PaymentDbRow {
  id: number;
  reference: string;
  borrower_id: number;
  order_no: string;
  repay_type: RepayType;
  period_from: number | null;
  periods: number | null;
  amount: number;
  loan_part: number;
  late_penalty: number;
  late_interest: number;
  extension_fee: number;
  method: PaymentMethod;
  pay_type: 1 | 2 | null;
  channel: string;
  specific_num: string;
  vcode: string | null;
  card_id: number | null;
  otp_required: boolean;
  otp_salt: string | null;
  otp_hash: string | null;
  otp_attempts: number;
  otp_expires_at: Date | null;
  state: PaymentState;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  provider_event: string | null;
  exit_days: number | null;
  exit_interest: number | null;
}

const toPayment = (r: PaymentDbRow): Payment => ({
  id: r.id,
  reference: r.reference,
  borrowerId: r.borrower_id,
  orderNo: r.order_no,
  repayType: r.repay_type,
  periodFrom: r.period_from,
  periods: r.periods,
  amount: r.amount,
  loanPart: r.loan_part,
  latePenalty: r.late_penalty,
  lateInterest: r.late_interest,
  extensionFee: r.extension_fee,
  method: r.method,
  payType: r.pay_type,
  channel: r.channel,
  specificNum: r.specific_num,
  vcode: r.vcode,
  cardId: r.card_id,
  otpRequired: r.otp_required,
  otpSalt: r.otp_salt,
  otpHash: r.otp_hash,
  otpAttempts: r.otp_attempts,
  otpExpiresAt: r.otp_expires_at,
  state: r.state,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  paidAt: r.paid_at,
  providerEvent: r.provider_event,
  exitDays: r.exit_days,
  exitInterest: r.exit_interest,
});

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Bill number: 'LVP' + the business day (YYYYMMDD) + 12 random characters (Crockford base32, 60 bits). */
export function newPaymentReference(businessDay: string): string {
  let tail = '';
  for (const b of randomBytes(12)) tail += REFERENCE_ALPHABET[b % 32];
  return `LVP${businessDay.replace(/-/g, '')}${tail}`;
}

export interface NewPayment {
  reference: string;
  borrowerId: number;
  orderNo: string;
  repayType: RepayType;
  periodFrom: number | null;
  periods: number | null;
  amount: number;
  loanPart: number;
  latePenalty: number;
  lateInterest: number;
  extensionFee: number;
  method: PaymentMethod;
  payType: 1 | 2 | null;
  channel: string;
  specificNum: string;
  vcode: string | null;
  cardId: number | null;
  otp: { salt: string; hash: string; expiresAt: Date } | null;
  createdAt: Date;
  expiresAt: Date;
  /** Required for repayType cooling_off, else absent (migration 014). */
  exit?: { days: number; interest: number } | null;
}

export async function insertPayment(tx: Queryable, p: NewPayment): Promise<Payment> {
  const [row] = await tx.query<PaymentDbRow>(
    `INSERT INTO payments (reference, borrower_id, order_no, repay_type, period_from, periods, amount, loan_part,
       late_penalty, late_interest, extension_fee, method, pay_type, channel, specific_num, vcode, card_id,
       otp_required, otp_salt, otp_hash, otp_expires_at, state, created_at, expires_at, exit_days, exit_interest)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, 'pending', $22, $23,
       $24, $25)
     RETURNING *`,
    [
      p.reference,
      p.borrowerId,
      p.orderNo,
      p.repayType,
      p.periodFrom,
      p.periods,
      p.amount,
      p.loanPart,
      p.latePenalty,
      p.lateInterest,
      p.extensionFee,
      p.method,
      p.payType,
      p.channel,
      p.specificNum,
      p.vcode,
      p.cardId,
      p.otp !== null,
      p.otp?.salt ?? null,
      p.otp?.hash ?? null,
      p.otp?.expiresAt ?? null,
      p.createdAt,
      p.expiresAt,
      p.exit?.days ?? null,
      p.exit?.interest ?? null,
    ],
  );
  return toPayment(row!);
}

export async function vcodeTaken(tx: Queryable, vcode: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM payments WHERE vcode = $1', [vcode]);
  return rows.length > 0;
}

/**
 * A pending code of the order that the same request may reuse: same repay type, periods, amount, method and
 * channel, and still valid for at least `minValidMs` (docs/repayment.md "Reuse").
 */
export async function findReusableCode(
  tx: Queryable,
  q: {
    orderNo: string;
    repayType: RepayType;
    periodFrom: number | null;
    periods: number | null;
    amount: number;
    method: PaymentMethod;
    channel: string;
    validUntil: Date;
  },
): Promise<Payment | null> {
  const [row] = await tx.query<PaymentDbRow>(
    `SELECT * FROM payments
      WHERE order_no = $1 AND repay_type = $2 AND period_from IS NOT DISTINCT FROM $3::integer
        AND periods IS NOT DISTINCT FROM $4::integer AND amount = $5 AND method = $6 AND channel = $7
        AND state = 'pending' AND expires_at > $8
      ORDER BY id DESC LIMIT 1`,
    [q.orderNo, q.repayType, q.periodFrom, q.periods, q.amount, q.method, q.channel, q.validUntil],
  );
  return row ? toPayment(row) : null;
}

/** Marks every other pending payment of the order (of the given methods) cancelled; returns them. */
export async function cancelPending(
  tx: Queryable,
  orderNo: string,
  methods: readonly PaymentMethod[],
  exceptId: number | null,
): Promise<Payment[]> {
  const rows = await tx.query<PaymentDbRow>(
    `UPDATE payments SET state = 'cancelled'
      WHERE order_no = $1 AND state = 'pending' AND method = ANY($2::text[]) AND ($3::bigint IS NULL OR id <> $3::bigint)
      RETURNING *`,
    [orderNo, [...methods], exceptId],
  );
  return rows.map(toPayment);
}

/** Pending payments of the order with one of `methods`, expired or not, locked (the order row is locked first). */
export async function pendingPayments(tx: Queryable, orderNo: string, methods: readonly PaymentMethod[]): Promise<Payment[]> {
  const rows = await tx.query<PaymentDbRow>(
    `SELECT * FROM payments WHERE order_no = $1 AND state = 'pending' AND method = ANY($2::text[]) ORDER BY id FOR UPDATE`,
    [orderNo, [...methods]],
  );
  return rows.map(toPayment);
}

/** We told the provider to expire this code (migration 006). */
export async function markExpiredAtProvider(tx: Queryable, id: number, now: Date): Promise<void> {
  await tx.query('UPDATE payments SET provider_expired_at = COALESCE(provider_expired_at, $2) WHERE id = $1', [id, now]);
}

export async function updateSpecificNum(tx: Queryable, id: number, specificNum: string): Promise<void> {
  await tx.query('UPDATE payments SET specific_num = $2 WHERE id = $1', [id, specificNum]);
}

export async function findPaymentByReference(
  tx: Queryable,
  reference: string,
  options: { forUpdate?: boolean } = {},
): Promise<Payment | null> {
  const [row] = await tx.query<PaymentDbRow>(`SELECT * FROM payments WHERE reference = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [
    reference,
  ]);
  return row ? toPayment(row) : null;
}

/** What a payment was issued for: its reference, repayType and instalment count (an operator applying its fund). */
export async function paymentIntent(
  tx: Queryable,
  id: number,
): Promise<{ reference: string; repayType: RepayType; periods: number | null; createdAt: Date } | null> {
  const [row] = await tx.query<{ reference: string; repay_type: RepayType; periods: number | null; created_at: Date }>(
    'SELECT reference, repay_type, periods, created_at FROM payments WHERE id = $1',
    [id],
  );
  return row ? { reference: row.reference, repayType: row.repay_type, periods: row.periods, createdAt: row.created_at } : null;
}

export async function findPaymentByVcode(db: Queryable, vcode: string): Promise<Payment | null> {
  const [row] = await db.query<PaymentDbRow>('SELECT * FROM payments WHERE vcode = $1', [vcode]);
  return row ? toPayment(row) : null;
}

/** The borrower's own payment of the order, by id, locked (legacy repayment-confirm). */
export async function findOwnPayment(tx: Queryable, q: { id: number; borrowerId: number; orderNo: string }): Promise<Payment | null> {
  const [row] = await tx.query<PaymentDbRow>('SELECT * FROM payments WHERE id = $1 AND borrower_id = $2 AND order_no = $3 FOR UPDATE', [
    q.id,
    q.borrowerId,
    q.orderNo,
  ]);
  return row ? toPayment(row) : null;
}

/** Pending, unexpired payments of the order with one of `methods`, newest first. */
export async function livePayments(db: Queryable, orderNo: string, methods: readonly PaymentMethod[], now: Date): Promise<Payment[]> {
  const rows = await db.query<PaymentDbRow>(
    `SELECT * FROM payments WHERE order_no = $1 AND state = 'pending' AND expires_at > $2 AND method = ANY($3::text[])
      ORDER BY id DESC`,
    [orderNo, now, [...methods]],
  );
  return rows.map(toPayment);
}

export async function hasPaidPayment(db: Queryable, orderNo: string, methods: readonly PaymentMethod[]): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM payments WHERE order_no = $1 AND state = 'paid' AND method = ANY($2::text[]) LIMIT 1`, [
    orderNo,
    [...methods],
  ]);
  return rows.length > 0;
}

/** The method of the borrower's latest virtual account or mini-market code (generate-vcode is_default 1). */
export async function lastCodeMethod(
  db: Queryable,
  borrowerId: number,
): Promise<{ payType: 1 | 2; channel: string; specificNum: string } | null> {
  const [row] = await db.query<{ pay_type: 1 | 2; channel: string; specific_num: string }>(
    `SELECT pay_type, channel, specific_num FROM payments
      WHERE borrower_id = $1 AND method IN ('va', 'market') ORDER BY id DESC LIMIT 1`,
    [borrowerId],
  );
  return row ? { payType: row.pay_type, channel: row.channel, specificNum: row.specific_num } : null;
}

export async function markPaid(tx: Queryable, id: number, paidAt: Date, providerEvent: string): Promise<void> {
  await tx.query(`UPDATE payments SET state = 'paid', paid_at = $2, provider_event = $3 WHERE id = $1`, [id, paidAt, providerEvent]);
}

/** Records an applied provider event; false when its id was applied before (a redelivery). */
export async function recordEvent(
  tx: Queryable,
  e: { eventId: string; paymentId: number; amount: number; body: unknown; receivedAt: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO payment_events (event_id, payment_id, amount, body, received_at) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [e.eventId, e.paymentId, e.amount, JSON.stringify(e.body), e.receivedAt],
  );
  return rows.length === 1;
}

export async function eventSeen(tx: Queryable, eventId: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM payment_events WHERE event_id = $1', [eventId]);
  return rows.length > 0;
}

/** Counts a wrong OTP try; returns the attempts so far. */
export async function countOtpAttempt(tx: Queryable, id: number): Promise<number> {
  const [row] = await tx.query<{ otp_attempts: number }>(
    'UPDATE payments SET otp_attempts = otp_attempts + 1 WHERE id = $1 RETURNING otp_attempts',
    [id],
  );
  return row?.otp_attempts ?? 0;
}

export async function replaceOtp(tx: Queryable, id: number, otp: { salt: string; hash: string; expiresAt: Date }): Promise<void> {
  await tx.query('UPDATE payments SET otp_salt = $2, otp_hash = $3, otp_expires_at = $4, otp_attempts = 0 WHERE id = $1', [
    id,
    otp.salt,
    otp.hash,
    otp.expiresAt,
  ]);
}

/** Housekeeping: pending payments whose time ran out become 'expired'. */
export async function expirePayments(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query(`UPDATE payments SET state = 'expired' WHERE state = 'pending' AND expires_at <= $1 RETURNING id`, [now]);
  return rows.length;
}
