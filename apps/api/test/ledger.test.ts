import { generateVcode, loanDetails, opsUnappliedFunds, paymentState, type OpsUnappliedFund, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { expirePayments } from '../src/repositories/payments.ts';
import { SandboxPaymentProvider } from '../src/providers/payments.ts';
import { MAIN, NOT_FOUND_EN, SECOND, call } from './helpers/calls.ts';
import { signInOperator } from './helpers/operators.ts';
import { addOrder, borrowerIdOf, eventBody, orderRow, postCallback } from './helpers/repay.ts';
import { BACKENDS, envelopeOf, form, useTestApp, type TestContext } from './helpers/setup.ts';
import { DEMO_BANK_CARDS, DEMO_OPERATORS, DEMO_ORDERS } from '../src/db/demo/index.ts';
import { anyOf, stringMatching } from './helpers/matchers.ts';

/**
 * The ledger of money received (issue 11, docs/repayment.md "Ledger"): every payment the provider reports is
 * recorded once whatever state its code is in, applied in the documented order or held as unapplied funds, which
 * an operator applies or refunds. The concurrency proof is test/ledger-race.test.ts.
 */

const VCODE = '/v3/loan-details/generate-vcode';
const STATE = '/v3/loan-details/payment-state';
const DETAIL = '/v3/loan-details/detail';
const SIMULATE = '/dev/payments/simulate';
const FUNDS = '/ops/api/unapplied-funds';
const RESOLVE = '/ops/api/unapplied-funds/resolve';

type Va = ResponseOf<typeof generateVcode>;
type State = ResponseOf<typeof paymentState>;
type Details = ResponseOf<typeof loanDetails>;
type Funds = ResponseOf<typeof opsUnappliedFunds>;

const START = new Date('2026-03-02T03:00:00.000Z');
const HOUR_MS = 60 * 60 * 1000;
// A fresh order of 1,000,000 at 0.05 %/day for 91 days: interest 45,500, amount due 1,045,500 (sen below).
const PRINCIPAL = 100_000_000;
const INTEREST = 4_550_000;
const DUE = PRINCIPAL + INTEREST;

async function ledgerOf(ctx: TestContext, orderNo: string) {
  return ctx.db.query<{
    id: number;
    payment_id: number;
    amount: number;
    principal: number;
    interest: number;
    late_penalty: number;
    late_interest: number;
    extension_fee: number;
    unapplied: number;
    refunded: number;
    repay_type: string;
  }>('SELECT * FROM ledger_entries WHERE order_no = $1 ORDER BY id', [orderNo]);
}

async function fundsOf(ctx: TestContext, orderNo: string) {
  return ctx.db.query<{ id: number; amount: number; reason: string; state: string; refund_id: string | null }>(
    'SELECT id, amount, reason, state, refund_id FROM unapplied_funds WHERE order_no = $1 ORDER BY id',
    [orderNo],
  );
}

async function paymentRow(ctx: TestContext, vcode: string) {
  const [row] = await ctx.db.query<{ reference: string; state: string; provider_expired_at: Date | null }>(
    'SELECT reference, state, provider_expired_at FROM payments WHERE vcode = $1',
    [vcode],
  );
  return row!;
}

async function opsLogin(ctx: TestContext, op: { username: string; password: string }): Promise<string> {
  return signInOperator(ctx, op);
}

async function opsGet<T>(ctx: TestContext, query: string, token?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${FUNDS}${query}`,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, ...(envelopeOf(res) as { code: string; data: T; message: string }) };
}

async function opsResolve(ctx: TestContext, fields: Record<string, string>, token?: string) {
  const f = form(fields);
  const res = await ctx.app.inject({
    method: 'POST',
    url: RESOLVE,
    payload: f.payload,
    headers: { ...f.headers, 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, ...(envelopeOf(res) as { code: string; data: OpsUnappliedFund | null; message: string }) };
}

describe.each(BACKENDS)('ledger of money received (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const sandbox = () => ctx.app.payments as SandboxPaymentProvider;
  const code = (orderId: string, amount: number, method: 'BCA' | 'ALFAMART', extra: Record<string, string> = {}) =>
    call<Va>(
      ctx,
      VCODE,
      {
        productId: '1',
        orderId,
        amount: String(amount),
        is_default: '0',
        pay_type: method === 'BCA' ? '1' : '2',
        payCode: method,
        ...extra,
      },
      { tok: MAIN, lang: 'en' },
    );
  const simulate = (vcode: string, amount?: number) =>
    call<{ applied: boolean; orderStatus: number }>(
      ctx,
      SIMULATE,
      { vcode, ...(amount === undefined ? {} : { amount: String(amount) }) },
      { lang: 'en' },
    );
  const state = (orderId: string, lang: 'en' | 'id' = 'en', tok = MAIN) =>
    call<State>(ctx, STATE, { productId: '1', orderId }, { tok, lang });
  const freshOrder = async (o: { dueDate?: string; isDelay?: boolean } = {}) =>
    addOrder(ctx, {
      borrowerId: await borrowerIdOf(ctx),
      status: 170,
      principal: PRINCIPAL,
      dueDate: o.dueDate ?? '2026-04-01',
      ...(o.isDelay ? { isDelay: true, extensionFee: 15_000_000, extensionDays: 7 } : {}),
    });

  it('a replaced code paid while the order owes is credited; paid after settlement, the other code is held', async () => {
    const { orderNo, amountDue } = await freshOrder();
    expect(amountDue).toBe(DUE);
    const bca = await code(orderNo, DUE, 'BCA');
    const alfa = await code(orderNo, DUE, 'ALFAMART');
    // Replacing: the BCA number was expired at the provider before it was cancelled here.
    const old = await paymentRow(ctx, bca.data.vcode);
    expect(old.state).toBe('cancelled');
    expect(old.provider_expired_at).toBeInstanceOf(Date);
    expect(sandbox().isExpired(old.reference)).toBe(true);
    expect(sandbox().isExpired((await paymentRow(ctx, alfa.data.vcode)).reference)).toBe(false);

    // The borrower pays the old BCA number anyway (a screenshot): acknowledged, recorded, credited.
    const raw = JSON.stringify(eventBody({ reference: old.reference, vcode: bca.data.vcode, channel: 'BCA', amount: DUE, paidAt: START }));
    const paid = await postCallback(ctx, raw, { lang: 'en' });
    expect(paid.status).toBe(200);
    expect({ code: paid.code, data: paid.data, message: paid.message }).toEqual({
      code: '00',
      data: { applied: true, reference: old.reference, orderStatus: 200 },
      message: 'Payment applied.',
    });
    expect(await orderRow(ctx, orderNo)).toMatchObject({ status: 200, paid_amount: DUE });
    // The ALFAMART code is no longer needed: cancelled and expired at the provider.
    const other = await paymentRow(ctx, alfa.data.vcode);
    expect([other.state, other.provider_expired_at instanceof Date, sandbox().isExpired(other.reference)]).toEqual([
      'cancelled',
      true,
      true,
    ]);

    const settled = await state(orderNo);
    expect(settled.status).toBe(200);
    expect(settled.data).toEqual({
      orderStatus: 200,
      settled: true,
      pending: null,
      receipts: [
        {
          id: anyOf(String),
          amount: DUE,
          paidAt: '2026-03-02T03:00:00.000Z',
          method: 'BCA virtual account',
          payCode: 'BCA',
          repayType: 'full',
          periods: [],
          applied: { principal: PRINCIPAL, interest: INTEREST, lateCharges: 0, extensionFee: 0 },
          unapplied: 0,
          refunded: 0,
        },
      ],
      lastPaidAt: '2026-03-02T03:00:00.000Z',
    });
    paymentState.response.parse(settled.data);

    // Now the ALFAMART code is paid too: the order owes nothing, so all of it is held for an operator.
    const late = await simulate(alfa.data.vcode);
    expect([late.status, late.code, late.data, late.message]).toEqual([
      200,
      '00',
      { applied: true, orderStatus: 200 },
      'Payment received. ₹1,045,500 could not be applied to the loan and is held for review by our team.',
    ]);
    expect(await fundsOf(ctx, orderNo)).toEqual([
      { id: anyOf(Number), amount: DUE, reason: 'code_replaced', state: 'open', refund_id: null },
    ]);
    // Redelivered, either one: nothing new.
    expect((await postCallback(ctx, raw, { lang: 'en' })).data).toEqual({ applied: false, reference: old.reference, orderStatus: 200 });
    const again = await simulate(alfa.data.vcode);
    expect([again.data, again.message]).toEqual([{ applied: false, orderStatus: 200 }, 'This payment was already applied.']);
    const ledger = await ledgerOf(ctx, orderNo);
    expect(ledger.map((e) => [e.amount, e.principal + e.interest, e.unapplied])).toEqual([
      [DUE, DUE, 0],
      [DUE, 0, DUE],
    ]);
    expect(await orderRow(ctx, orderNo)).toMatchObject({ status: 200, paid_amount: DUE });

    // Receipts newest first, in Indonesian too.
    const id = await state(orderNo, 'id');
    expect(id.data.receipts.map((r) => [r.method, r.applied.principal, r.unapplied])).toEqual([
      ['Kode pembayaran ALFAMART', 0, DUE],
      ['Virtual account BCA', PRINCIPAL, 0],
    ]);
  });

  it('a code paid after its expiry is credited when the order still owes it', async () => {
    const { orderNo } = await freshOrder();
    const va = await code(orderNo, DUE, 'BCA');
    ctx.clock.advance(25 * HOUR_MS);
    try {
      await expirePayments(ctx.db, ctx.clock.now());
      expect((await paymentRow(ctx, va.data.vcode)).state).toBe('expired');
      const paid = await simulate(va.data.vcode);
      expect([paid.status, paid.data, paid.message]).toEqual([200, { applied: true, orderStatus: 200 }, 'Payment applied.']);
      expect(await orderRow(ctx, orderNo)).toMatchObject({ status: 200, paid_amount: DUE });
      expect(await fundsOf(ctx, orderNo)).toEqual([]);
    } finally {
      ctx.clock.set(START);
    }
  });

  it('application order: late charges, then interest, then principal; the extension fee; instalments oldest first', async () => {
    // DEMO-180: 40 days late; Rp 1.254.600 unpaid (principal Rp 1.200.000) + Rp 1.200.000 late charges (capped).
    const overdue = await code(DEMO_ORDERS.overdue, 245_460_000, 'BCA');
    expect((await simulate(overdue.data.vcode)).data).toEqual({ applied: true, orderStatus: 200 });
    const paid = await call<Details>(ctx, DETAIL, { productId: '1', orderId: DEMO_ORDERS.overdue }, { tok: MAIN, lang: 'en' });
    expect(paid.data.payments).toEqual([
      {
        id: anyOf(String),
        amount: 245_460_000,
        paidAt: '2026-03-02T03:00:00.000Z',
        method: 'BCA virtual account',
        payCode: 'BCA',
        repayType: 'full',
        periods: [],
        applied: { principal: 120_000_000, interest: 5_460_000, lateCharges: 120_000_000, extensionFee: 0 },
        unapplied: 0,
        refunded: 0,
      },
    ]);
    const [entry] = await ledgerOf(ctx, DEMO_ORDERS.overdue);
    expect([entry!.late_penalty, entry!.late_interest]).toEqual([80_000, 119_920_000]);

    // DEMO-174: the extension pays its fee only (not late).
    const delay = await code(DEMO_ORDERS.dueSoon, 15_000_000, 'ALFAMART', { repayType: 'delay' });
    expect((await simulate(delay.data.vcode)).data).toEqual({ applied: true, orderStatus: 170 });
    const extended = await state(DEMO_ORDERS.dueSoon);
    expect(extended.data).toMatchObject({ orderStatus: 170, settled: false, pending: null });
    expect(extended.data.receipts.map((r) => [r.repayType, r.method, r.applied])).toEqual([
      ['delay', 'ALFAMART payment code', { principal: 0, interest: 0, lateCharges: 0, extensionFee: 15_000_000 }],
    ]);

    // DEMO-INST: the first instalment; payment-state shows its live code, then the receipt.
    const inst = await code(DEMO_ORDERS.instalments, 106_000_000, 'BCA', { repayType: 'installment', periods: '1' });
    const waiting = await state(DEMO_ORDERS.instalments);
    expect(waiting.data).toMatchObject({ orderStatus: 170, settled: false, receipts: [], lastPaidAt: null });
    expect(waiting.data.pending).toMatchObject({
      vcode: inst.data.vcode,
      amount: 106_000_000,
      repayType: 'installment',
      periods: [1],
      state: 'pending',
      payCode: 'BCA',
    });
    expect(await simulate(inst.data.vcode)).toMatchObject({ data: { applied: true, orderStatus: 170 } });
    const after = await state(DEMO_ORDERS.instalments);
    expect(after.data.pending).toBeNull();
    expect(after.data.receipts.map((r) => [r.repayType, r.periods, r.applied])).toEqual([
      ['installment', [1], { principal: 100_000_000, interest: 6_000_000, lateCharges: 0, extensionFee: 0 }],
    ]);
  });

  it('a legacy card repayment is in the ledger too: DEMO-5 lists what it paid, late charges included', async () => {
    const commit = await call<{ needValid: number }>(
      ctx,
      '/api/v1/lendview/service/loan/repayment-commit',
      { orderId: DEMO_ORDERS.legacyOverdue, cardId: String(DEMO_BANK_CARDS.direct.id), amount: '235317500', sendMsg: '0' },
      { tok: MAIN, lang: 'en' },
    );
    expect([commit.status, commit.data.needValid]).toEqual([200, 0]);
    // 10 days late: Rp 2.353.175 = Rp 1.568.250 (principal Rp 1.500.000 + interest Rp 68.250) + Rp 784.925 late charges.
    const details = await call<Details>(ctx, DETAIL, { productId: '1', orderId: DEMO_ORDERS.legacyOverdue }, { tok: MAIN, lang: 'en' });
    expect(details.data.orderStatus).toBe(4);
    expect(details.data.payments).toEqual([
      {
        id: anyOf(String),
        amount: 235_317_500,
        paidAt: '2026-03-02T03:00:00.000Z',
        method: 'Bank card',
        payCode: 'BNI',
        repayType: 'full',
        periods: [],
        applied: { principal: 150_000_000, interest: 6_825_000, lateCharges: 78_492_500, extensionFee: 0 },
        unapplied: 0,
        refunded: 0,
      },
    ]);
  });

  it('less than a code asks is held whole (short payment); an operator cannot apply it, and refunds it through the provider', async () => {
    const { orderNo } = await freshOrder();
    const va = await code(orderNo, DUE, 'BCA');
    const short = await simulate(va.data.vcode, DUE - 100);
    expect([short.status, short.data, short.message]).toEqual([
      200,
      { applied: true, orderStatus: 170 },
      'Payment received. ₹1,045,499 could not be applied to the loan and is held for review by our team.',
    ]);
    expect(await orderRow(ctx, orderNo)).toMatchObject({ status: 170, paid_amount: 0 });
    const [fund] = await fundsOf(ctx, orderNo);
    expect(fund).toMatchObject({ amount: DUE - 100, reason: 'short_payment', state: 'open' });

    const token = await opsLogin(ctx, DEMO_OPERATORS.support);
    const list = await opsGet<Funds>(ctx, '', token);
    expect(list.status).toBe(200);
    const item = list.data.items.find((i) => i.id === fund!.id);
    expect(item).toEqual({
      id: fund!.id,
      orderNo,
      borrower: '138****0000',
      amount: DUE - 100,
      reason: 'short_payment',
      state: 'open',
      reference: va.data.cardNo,
      vcode: va.data.vcode,
      channel: 'BCA',
      providerEvent: stringMatching(/^evt_/),
      paymentAmount: DUE - 100,
      receivedAt: '2026-03-02T03:00:00.000Z',
      orderStatus: 170,
      orderOwes: DUE,
      // The only thing it could pay is the whole balance, which it does not cover.
      options: [
        {
          repayType: 'full',
          periodFrom: null,
          periods: null,
          amount: DUE,
          covered: false,
          payableFrom: null,
          newStatus: 200,
          newDueDate: null,
          keepsHeld: 0,
        },
      ],
      resolvedAt: null,
      resolvedBy: '',
      refundId: '',
      note: '',
    });

    const unchosen = await opsResolve(ctx, { id: String(fund!.id), action: 'apply' }, token);
    expect([unchosen.status, unchosen.code, unchosen.message]).toEqual([400, 'BAD_REQUEST', 'Choose what this payment is applied as.']);
    const apply = await opsResolve(ctx, { id: String(fund!.id), action: 'apply', repayType: 'full' }, token);
    expect([apply.status, apply.code, apply.data, apply.message]).toEqual([
      409,
      'CONFLICT',
      null,
      'This amount does not cover that repayment of the order: choose another, or refund it.',
    ]);
    const extension = await opsResolve(ctx, { id: String(fund!.id), action: 'apply', repayType: 'delay' }, token);
    expect([extension.status, extension.message]).toEqual([409, 'The order no longer asks for this: reload the list and choose again.']);
    expect((await fundsOf(ctx, orderNo))[0]!.state).toBe('open');

    const refund = await opsResolve(ctx, { id: String(fund!.id), action: 'refund', note: 'Short by Rp 1; returned to the payer.' }, token);
    expect([refund.status, refund.code, refund.message]).toEqual([200, '00', 'The payment was refunded to the payer.']);
    expect(refund.data).toMatchObject({
      id: fund!.id,
      state: 'refunded',
      amount: DUE - 100,
      resolvedAt: '2026-03-02T03:00:00.000Z',
      resolvedBy: DEMO_OPERATORS.support.username,
      note: 'Short by Rp 1; returned to the payer.',
    });
    expect(refund.data!.refundId).toMatch(/^sbx_rfd_[0-9a-f]{24}$/);
    const [audit] = await ctx.db.query<{ action: string; operator: string }>(
      `SELECT action, operator FROM ops_audit WHERE item_kind = 'fund' AND item_id = $1`,
      [String(fund!.id)],
    );
    expect(audit).toEqual({ action: 'fund_refund', operator: DEMO_OPERATORS.support.username });
    expect(sandbox().refundOf(`fund-${fund!.id}`)).toEqual({
      refundId: refund.data!.refundId,
      reference: va.data.cardNo,
      amount: DUE - 100,
    });
    const [entry] = await ledgerOf(ctx, orderNo);
    expect([entry!.amount, entry!.unapplied, entry!.refunded]).toEqual([DUE - 100, 0, DUE - 100]);
    expect((await state(orderNo)).data.receipts[0]).toMatchObject({ amount: DUE - 100, unapplied: 0, refunded: DUE - 100 });

    const twice = await opsResolve(ctx, { id: String(fund!.id), action: 'refund' }, token);
    expect([twice.status, twice.code, twice.message]).toEqual([409, 'CONFLICT', 'This unapplied payment was already resolved.']);
    const refunded = await opsGet<Funds>(ctx, '?state=refunded', token);
    expect(refunded.data.items.map((i) => i.id)).toContain(fund!.id);
    expect((await opsGet<Funds>(ctx, '?state=open', token)).data.items.map((i) => i.id)).not.toContain(fund!.id);
  });

  it('a stale extension code paid after the extension is held, and is never applied as a second extension', async () => {
    const { orderNo } = await freshOrder({ dueDate: '2026-03-04', isDelay: true });
    const first = await code(orderNo, 15_000_000, 'BCA', { repayType: 'delay' });
    const second = await code(orderNo, 15_000_000, 'ALFAMART', { repayType: 'delay' });
    expect((await simulate(second.data.vcode)).data).toEqual({ applied: true, orderStatus: 170 });
    expect(await orderRow(ctx, orderNo)).toMatchObject({ due_date: '2026-03-11', extension_count: 1 });
    // The replaced BCA code is paid after the extension: not a second extension nobody asked for.
    const stale = await simulate(first.data.vcode);
    expect([stale.data, stale.message]).toEqual([
      { applied: true, orderStatus: 170 },
      'Payment received. ₹150,000 could not be applied to the loan and is held for review by our team.',
    ]);
    expect(await orderRow(ctx, orderNo)).toMatchObject({ due_date: '2026-03-11', extension_count: 1, extension_fees_paid: 15_000_000 });
    const [fund] = await fundsOf(ctx, orderNo);
    expect(fund).toMatchObject({ amount: 15_000_000, reason: 'code_replaced', state: 'open' });

    // The desk offers what the money can pay: the balance (not covered), no extension.
    const token = await opsLogin(ctx, DEMO_OPERATORS.support);
    const listed = (await opsGet<Funds>(ctx, '', token)).data.items.find((i) => i.id === fund!.id)!;
    expect(listed.options.map((o) => [o.repayType, o.amount, o.covered])).toEqual([['full', DUE, false]]);
    const applied = await opsResolve(ctx, { id: String(fund!.id), action: 'apply', repayType: 'delay' }, token);
    expect([applied.status, applied.code, applied.message]).toEqual([
      409,
      'CONFLICT',
      'The order no longer asks for this: reload the list and choose again.',
    ]);
    expect(await orderRow(ctx, orderNo)).toMatchObject({ due_date: '2026-03-11', extension_count: 1, extension_fees_paid: 15_000_000 });
    expect((await fundsOf(ctx, orderNo))[0]!.state).toBe('open');
  });

  it('issue 34: held money beyond an extension is applied as the operator chose (settle), never as more extensions; audited', async () => {
    const { orderNo } = await freshOrder({ dueDate: '2026-03-04', isDelay: true });
    const ext = await code(orderNo, 15_000_000, 'BCA', { repayType: 'delay' });
    // The extension code paid with 250,000,000 on top: the extension is applied, the rest held.
    expect((await simulate(ext.data.vcode, 15_000_000 + 250_000_000)).data).toEqual({ applied: true, orderStatus: 170 });
    expect(await orderRow(ctx, orderNo)).toMatchObject({ due_date: '2026-03-11', extension_count: 1 });
    const [fund] = await fundsOf(ctx, orderNo);
    expect(fund).toMatchObject({ amount: 250_000_000, reason: 'overpayment', state: 'open' });

    const token = await opsLogin(ctx, DEMO_OPERATORS.support);
    const listed = (await opsGet<Funds>(ctx, '', token)).data.items.find((i) => i.id === fund!.id)!;
    expect(listed.options).toEqual([
      {
        repayType: 'full',
        periodFrom: null,
        periods: null,
        amount: DUE,
        covered: true,
        payableFrom: null,
        newStatus: 200,
        newDueDate: null,
        keepsHeld: 250_000_000 - DUE,
      },
    ]);
    // 20 operators apply the same fund at once, one as an extension: one settles the loan, the others are refused.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        opsResolve(
          ctx,
          { id: String(fund!.id), action: 'apply', repayType: i === 0 ? 'delay' : 'full', note: 'Settle, as the borrower asked.' },
          token,
        ),
      ),
    );
    expect(results[0]!.status).toBe(409);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 409)
        .map((r) => r.message)
        .slice(1),
    ).toEqual(Array(18).fill('This unapplied payment was already resolved.'));
    expect(await orderRow(ctx, orderNo)).toMatchObject({ status: 200, extension_count: 1, extension_fees_paid: 15_000_000 });
    const funds = await fundsOf(ctx, orderNo);
    expect(funds.map((f) => [f.amount, f.reason, f.state])).toEqual([
      [DUE, 'overpayment', 'applied'],
      [250_000_000 - DUE, 'overpayment', 'open'],
    ]);
    // The rest cannot pay anything any more: the order is settled.
    const rest = (await opsGet<Funds>(ctx, '', token)).data.items.find((i) => i.id === funds[1]!.id)!;
    expect([rest.orderOwes, rest.options]).toEqual([0, []]);

    const audit = await ctx.db.query<{ action: string; item_kind: string; operator: string; detail: unknown }>(
      `SELECT action, item_kind, operator, detail FROM ops_audit WHERE item_kind = 'fund' AND item_id = $1`,
      [String(fund!.id)],
    );
    expect(audit.map((a) => ({ ...a, detail: typeof a.detail === 'string' ? (JSON.parse(a.detail) as unknown) : a.detail }))).toEqual([
      {
        action: 'fund_apply',
        item_kind: 'fund',
        operator: DEMO_OPERATORS.support.username,
        detail: {
          orderNo,
          amount: 250_000_000,
          appliedAs: 'full',
          periods: null,
          credited: DUE,
          held: 250_000_000 - DUE,
          orderStatus: 200,
          note: 'Settle, as the borrower asked.',
        },
      },
    ]);
  });

  it('a settled order held money cannot be applied; every part of the ledger adds up', async () => {
    const [held] = await ctx.db.query<{ id: number }>(
      `SELECT f.id FROM unapplied_funds f JOIN orders o ON o.order_no = f.order_no WHERE f.state = 'open' AND o.status = 200 ORDER BY f.id LIMIT 1`,
    );
    const token = await opsLogin(ctx, DEMO_OPERATORS.support);
    const r = await opsResolve(ctx, { id: String(held!.id), action: 'apply' }, token);
    expect([r.status, r.code, r.message]).toEqual([409, 'CONFLICT', 'The order owes nothing now: refund this payment instead.']);
    const bad = await ctx.db.query(
      `SELECT l.id FROM ledger_entries l
        WHERE l.unapplied <> (SELECT coalesce(sum(amount), 0) FROM unapplied_funds f WHERE f.ledger_entry_id = l.id AND f.state = 'open')
           OR l.refunded <> (SELECT coalesce(sum(amount), 0) FROM unapplied_funds f WHERE f.ledger_entry_id = l.id AND f.state = 'refunded')`,
    );
    expect(bad).toEqual([]);
  });

  it('issue 34: the money trails cannot be emptied: TRUNCATE of the audit, key facts, ledger and held funds is refused', async () => {
    for (const table of ['ops_audit', 'kfs_statements', 'ledger_entries', 'unapplied_funds']) {
      await expect(ctx.db.exec(`TRUNCATE ${table} CASCADE`), table).rejects.toThrow(/append-only|insert-only|TRUNCATE refused/);
    }
    expect(Number((await ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM ledger_entries'))[0]!.n)).toBeGreaterThan(0);
  });

  it('issue 34: a ledger row changes only as money moves (held to applied or refunded); nothing received is rewritten or deleted', async () => {
    const trail = /money trail/;
    // An entry that paid something and one with a refund, of the orders this file made (not the demo's).
    const [paid] = await ctx.db.query<{ id: number; payment_id: number; periods: number[] }>(
      "SELECT id, payment_id, periods FROM ledger_entries WHERE principal > 0 AND order_no NOT LIKE 'DEMO%' ORDER BY id LIMIT 1",
    );
    const [refunded] = await ctx.db.query<{ id: number }>(
      "SELECT id FROM unapplied_funds WHERE state = 'refunded' AND order_no NOT LIKE 'DEMO%' ORDER BY id LIMIT 1",
    );
    const [open] = await ctx.db.query<{ id: number; amount: number }>(
      "SELECT id, amount FROM unapplied_funds WHERE state = 'open' AND order_no NOT LIKE 'DEMO%' ORDER BY id LIMIT 1",
    );
    expect([paid, refunded, open].every(Boolean), 'this file made a paid entry, a refunded fund and an open fund').toBe(true);
    const before = await ctx.db.query('SELECT * FROM ledger_entries ORDER BY id');
    const refusals = [
      ['UPDATE ledger_entries SET amount = amount + 1, unapplied = unapplied + 1 WHERE id = $1', [paid!.id]],
      ["UPDATE ledger_entries SET provider_event = 'forged' WHERE id = $1", [paid!.id]],
      ['UPDATE ledger_entries SET principal = principal - 1, unapplied = unapplied + 1 WHERE id = $1', [paid!.id]],
      ["UPDATE ledger_entries SET periods = '{}' WHERE id = $1 AND cardinality(periods) > 0", [paid!.id]],
      ['DELETE FROM ledger_entries WHERE id = $1', [paid!.id]],
      // A payment's record goes with its ledger row (ON DELETE CASCADE): refused with it.
      ['DELETE FROM payments WHERE id = $1', [paid!.payment_id]],
      ["UPDATE unapplied_funds SET note = 'rewritten' WHERE id = $1", [refunded!.id]],
      ["UPDATE unapplied_funds SET state = 'open', resolved_at = NULL, resolved_by = NULL, refund_id = NULL WHERE id = $1", [refunded!.id]],
      ['UPDATE unapplied_funds SET amount = amount + 1 WHERE id = $1', [open!.id]],
      ['DELETE FROM unapplied_funds WHERE id = $1', [open!.id]],
    ] as const;
    for (const [sql, params] of refusals) {
      // One cardinality > 0 case may match no row: an entry that paid no instalment; the rest always match one.
      if (sql.includes('cardinality') && paid!.periods.length === 0) continue;
      await expect(ctx.db.query(sql, [...params]), sql).rejects.toThrow(trail);
    }
    // The demo re-seed's switch lets only a demo order's rows go, in its own transaction.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query("SELECT set_config('lendview.demo_reseed', 'on', true)");
        await tx.query('DELETE FROM payments WHERE id = $1', [paid!.payment_id]);
      }),
    ).rejects.toThrow(trail);
    expect(await ctx.db.query('SELECT * FROM ledger_entries ORDER BY id')).toEqual(before);
  });

  describe('operator API: access and bad input', () => {
    it('needs a support operator; bad filters and actions are refused with a message and change nothing', async () => {
      const none = await opsGet(ctx, '');
      expect([none.status, none.code]).toEqual([401, 'UNAUTHORIZED']);
      const marketing = await opsLogin(ctx, DEMO_OPERATORS.marketing);
      const forbidden = await opsGet(ctx, '', marketing);
      expect([forbidden.status, forbidden.code]).toEqual([403, 'FORBIDDEN']);
      expect((await opsResolve(ctx, { id: '1', action: 'refund' }, marketing)).status).toBe(403);
      const token = await opsLogin(ctx, DEMO_OPERATORS.support);
      const state = await opsGet(ctx, '?state=closed', token);
      expect([state.status, state.code, state.message]).toEqual([400, 'BAD_REQUEST', 'Invalid value for field: state.']);
      const size = await opsGet(ctx, '?pageSize=0', token);
      expect([size.status, size.message]).toEqual([400, 'Invalid value for field: pageSize.']);
      const paged = await opsGet<Funds>(ctx, '?state=all&page=1&pageSize=1', token);
      expect(paged.data.items).toHaveLength(1);
      expect(paged.data.total).toBeGreaterThanOrEqual(3);
      expect([paged.data.page, paged.data.pageSize]).toEqual([1, 1]);
      const beyond = await opsGet<Funds>(ctx, '?state=all&page=999&pageSize=100', token);
      expect([beyond.status, beyond.data.items, beyond.data.total]).toEqual([200, [], paged.data.total]);
      const action = await opsResolve(ctx, { id: '1', action: 'delete' }, token);
      expect([action.status, action.message]).toEqual([400, 'Invalid value for field: action.']);
      const missing = await opsResolve(ctx, { id: '1' }, token);
      expect([missing.status, missing.message]).toEqual([400, 'Missing required field: action.']);
      const unknown = await opsResolve(ctx, { id: '999999', action: 'refund' }, token);
      expect([unknown.status, unknown.code]).toEqual([404, 'NOT_FOUND']);
      const notNumber = await opsResolve(ctx, { id: 'abc', action: 'refund' }, token);
      expect([notNumber.status, notNumber.message]).toEqual([400, 'Invalid value for field: id.']);
    });
  });

  describe('payment-state: access and bad input', () => {
    it("another borrower's order answers like a missing one; no session; missing fields", async () => {
      const theirs = await state(DEMO_ORDERS.repaying, 'en', SECOND);
      const missing = await call(ctx, STATE, { productId: '1', orderId: 'NO-SUCH-ORDER' }, { tok: SECOND, lang: 'en' });
      expect([theirs.status, theirs.res.body]).toEqual([404, missing.res.body]);
      expect({ code: theirs.code, data: theirs.data, message: theirs.message }).toEqual(NOT_FOUND_EN);
      const none = await call(ctx, STATE, { productId: '1', orderId: DEMO_ORDERS.repaying }, { lang: 'en' });
      expect([none.status, none.code]).toEqual([401, 'UNAUTHORIZED']);
      const noOrder = await call(ctx, STATE, { productId: '1' }, { tok: MAIN, lang: 'en' });
      expect([noOrder.status, noOrder.message]).toEqual([400, 'Missing required field: orderId.']);
      const otherProduct = await call(ctx, STATE, { productId: '2', orderId: DEMO_ORDERS.repaying }, { tok: MAIN, lang: 'en' });
      expect(otherProduct.status).toBe(404);
      // An order never paid: nothing received, nothing pending.
      const quiet = await state(DEMO_ORDERS.legacyRepaying);
      expect(quiet.data).toEqual({ orderStatus: 3, settled: false, pending: null, receipts: [], lastPaidAt: null });
    });
  });

  it('issue 34: an instalment the fund covers but whose period has not begun is offered with its day, and refused until then', async () => {
    const orderNo = DEMO_ORDERS.instalments;
    // Instalment 1 is paid (by the application-order test above, or here); its code paid a second time with
    // 114,000,000 is held, as in the issue (₹1,140,000 held, ₹1,060,000 the next instalment).
    const payFirst = async () => {
      const first = await code(orderNo, 106_000_000, 'BCA', { repayType: 'installment', periods: '1' });
      expect((await simulate(first.data.vcode)).data).toEqual({ applied: true, orderStatus: 170 });
      return { reference: (await paymentRow(ctx, first.data.vcode)).reference, vcode: first.data.vcode };
    };
    const [earlier] = await ctx.db.query<{ reference: string; vcode: string }>(
      `SELECT reference, vcode FROM payments WHERE order_no = $1 AND repay_type = 'installment' AND state = 'paid' ORDER BY id LIMIT 1`,
      [orderNo],
    );
    const paid1 = earlier ?? (await payFirst());
    const again = await postCallback(
      ctx,
      JSON.stringify(eventBody({ reference: paid1.reference, vcode: paid1.vcode, channel: 'BCA', amount: 114_000_000, paidAt: START })),
    );
    expect(again.status).toBe(200);
    const [fund] = (await fundsOf(ctx, orderNo)).filter((f) => f.state === 'open');
    expect(fund).toMatchObject({ amount: 114_000_000, reason: 'code_already_paid' });
    const [inst2] = await ctx.db.query<{ period_no: number; status: string }>(
      `SELECT period_no, status FROM instalments WHERE order_no = $1 AND period_no = 2`,
      [orderNo],
    );
    expect(inst2).toEqual({ period_no: 2, status: 'unpaid' });

    const token = await opsLogin(ctx, DEMO_OPERATORS.support);
    const listed = (await opsGet<Funds>(ctx, '', token)).data.items.find((i) => i.id === fund!.id)!;
    const next = listed.options.find((o) => o.repayType === 'installment' && o.periods === 1)!;
    expect(next).toMatchObject({ periodFrom: 2, amount: 106_000_000, covered: true, keepsHeld: 8_000_000 });
    expect(next.payableFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(listed.options.every((o) => o.payableFrom !== null)).toBe(true);

    const early = await opsResolve(ctx, { id: String(fund!.id), action: 'apply', repayType: 'installment', periods: '1' }, token);
    expect([early.status, early.code]).toEqual([409, 'EARLY_REPAYMENT']);
    expect(early.message).toContain(next.payableFrom!);
    expect(inst2).toEqual(
      (await ctx.db.query(`SELECT period_no, status FROM instalments WHERE order_no = $1 AND period_no = 2`, [orderNo]))[0],
    );
    expect((await fundsOf(ctx, orderNo)).find((f) => f.id === fund!.id)!.state).toBe('open');

    // On the day it becomes payable, the same choice applies: instalment 2 paid, 8,000,000 still held.
    ctx.clock.set(new Date(`${next.payableFrom}T03:00:00.000Z`));
    try {
      // Weeks later: the operator signs in again (a session lasts a working day).
      const later = await opsLogin(ctx, DEMO_OPERATORS.support);
      const now = (await opsGet<Funds>(ctx, '', later)).data.items.find((i) => i.id === fund!.id)!;
      expect(now.options.find((o) => o.repayType === 'installment' && o.periods === 1)!.payableFrom).toBeNull();
      const applied = await opsResolve(ctx, { id: String(fund!.id), action: 'apply', repayType: 'installment', periods: '1' }, later);
      expect([applied.status, applied.message]).toEqual([200, 'The payment was applied to the order.']);
      const [paid] = await ctx.db.query<{ status: string }>(`SELECT status FROM instalments WHERE order_no = $1 AND period_no = 2`, [
        orderNo,
      ]);
      expect(paid!.status).toBe('paid');
      expect((await fundsOf(ctx, orderNo)).filter((f) => f.state === 'open').map((f) => f.amount)).toEqual([8_000_000]);
    } finally {
      // Last in the file: an operator signing in after the clock went back would reuse a code step (TOTP replay guard).
      ctx.clock.set(START);
    }
  });
});
