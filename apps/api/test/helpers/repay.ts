import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { addDays } from '../../src/lib/dates.ts';
import { DEV_PAYMENT_WEBHOOK_SECRET, SANDBOX_CALLBACK_PATH, signSandboxBody, type SandboxEventBody } from '../../src/providers/payments.ts';
import { envelopeOf, type TestContext } from './setup.ts';
import { DEMO_BORROWERS } from '../../src/db/demo/index.ts';

/** The demo borrower's id (owner of every DEMO-* order). */
export async function borrowerIdOf(ctx: TestContext, phone: string = DEMO_BORROWERS.main.phone): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM borrowers WHERE phone = $1', [phone]);
  return row!.id;
}

let seq = 0;
/**
 * A fresh single-payment order of product 1 at 0.05 %/day for 91 days, so a test can change it without touching
 * the shared demo fixtures. amount_due = principal + interest. Applied and disbursed 91 days before its due date
 * (10:00 Jakarta), so spec 9's early-prepayment rule sees a consistent loan: a full repayment is allowed from
 * 45 days before the due date on (test/early-repayment.test.ts).
 */
export async function addOrder(
  ctx: TestContext,
  o: {
    borrowerId: number;
    status: number;
    principal: number;
    dueDate: string;
    isDelay?: boolean;
    extensionFee?: number;
    extensionDays?: number;
  },
): Promise<{ orderNo: string; amountDue: number }> {
  seq += 1;
  const orderNo = `T-${process.pid}-${seq}-${randomBytes(3).toString('hex')}`;
  const interest = (o.principal * 5 * 91) / 10_000;
  const amountDue = o.principal + interest;
  await ctx.db.query(
    `INSERT INTO orders (order_no, borrower_id, product_id, status, principal, interest_amount, service_fee, amount_due,
       paid_amount, term_days, daily_rate_bp, instalment_count, is_delay, extension_fee, extension_days, applied_at,
       disbursed_at, due_date)
     VALUES ($1, $2, 1, $3, $4, $5, 0, $6, 0, 91, 5, 1, $7, $8, $9, $10, $10, $11)`,
    [
      orderNo,
      o.borrowerId,
      o.status,
      o.principal,
      interest,
      amountDue,
      o.isDelay ?? false,
      o.extensionFee ?? null,
      o.extensionDays ?? null,
      new Date(`${addDays(o.dueDate, -91)}T03:00:00.000Z`),
      o.dueDate,
    ],
  );
  return { orderNo, amountDue };
}

export async function orderRow(ctx: TestContext, orderNo: string) {
  const [row] = await ctx.db.query<{
    status: number;
    paid_amount: number;
    due_date: string;
    settled_at: Date | null;
    late_penalty_paid: number;
    late_interest_paid: number;
    extension_fees_paid: number;
    extension_count: number;
  }>('SELECT * FROM orders WHERE order_no = $1', [orderNo]);
  return row!;
}

export async function paymentsOf(ctx: TestContext, orderNo: string) {
  return ctx.db.query<{ id: number; reference: string; state: string; amount: number; method: string; vcode: string | null }>(
    'SELECT id, reference, state, amount, method, vcode FROM payments WHERE order_no = $1 ORDER BY id',
    [orderNo],
  );
}

export async function eventsOf(ctx: TestContext, orderNo: string) {
  return ctx.db.query<{ event_id: string }>(
    'SELECT e.event_id FROM payment_events e JOIN payments p ON p.id = e.payment_id WHERE p.order_no = $1',
    [orderNo],
  );
}

export async function paymentByVcode(ctx: TestContext, vcode: string) {
  const [row] = await ctx.db.query<{ reference: string; channel: string; amount: number; state: string }>(
    'SELECT reference, channel, amount, state FROM payments WHERE vcode = $1',
    [vcode],
  );
  return row!;
}

/** A callback body as the sandbox sends it. */
export function eventBody(p: {
  reference: string;
  vcode: string | null;
  channel: string;
  amount: number;
  paidAt: Date;
  id?: string;
}): SandboxEventBody {
  return {
    id: p.id ?? `evt_test_${randomBytes(8).toString('hex')}`,
    type: 'payment.paid',
    reference: p.reference,
    vcode: p.vcode,
    channel: p.channel,
    amount: p.amount,
    paidAt: p.paidAt.toISOString(),
  };
}

/** POSTs a raw callback body with a signature header (signed with the demo secret unless told otherwise). */
export async function postCallback(
  ctx: TestContext,
  rawBody: string,
  o: { signature?: string | null; secret?: string; lang?: 'en' } = {},
): Promise<{ res: LightMyRequestResponse; status: number; code: string | number; data: unknown; message: string }> {
  const signature = o.signature === undefined ? signSandboxBody(o.secret ?? DEV_PAYMENT_WEBHOOK_SECRET, rawBody) : o.signature;
  const res = await ctx.app.inject({
    method: 'POST',
    url: SANDBOX_CALLBACK_PATH + (o.lang === 'en' ? '?isNeedPop=1' : ''),
    payload: rawBody,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-sandbox-signature': signature }) },
  });
  return { res, status: res.statusCode, ...envelopeOf(res) };
}

/** The newest repayment SMS code sent to a phone (the outbox of the default SMS provider). */
export async function lastRepayCode(ctx: TestContext, phone: string = DEMO_BORROWERS.main.phone): Promise<string> {
  const [row] = await ctx.db.query<{ body: string }>(
    `SELECT body FROM sms_outbox WHERE phone = $1 AND purpose = 'repay' ORDER BY id DESC LIMIT 1`,
    [phone],
  );
  const m = /(\d{6})/.exec(row?.body ?? '');
  if (!m) throw new Error('no repayment code in the outbox');
  return m[1]!;
}
