import { createHash } from 'node:crypto';
import { loanDetailConfirm, loanDetails, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { MAIN, NOT_FOUND_EN, SECOND, UNAUTHORIZED_EN, call, newBorrower, post, withKeyFacts } from './helpers/calls.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { DEMO_ORDERS } from '../src/db/demo/index.ts';
import { stringMatching } from './helpers/matchers.ts';

const CONFIRM = '/v3/loan-confirm/loan-detail-confirm';
const PUSH = '/v3/loan-confirm/loan-detail-push';
const DETAIL = '/v3/loan-details/detail';
type Confirm = ResponseOf<typeof loanDetailConfirm>;
type Details = ResponseOf<typeof loanDetails>;

const push = (fields: Partial<Record<'amount' | 'periods' | 'termUnit' | 'productId' | 'loanType', string>> = {}) => ({
  amount: '300000000',
  periods: '91',
  termUnit: 'day',
  productId: '1',
  loanType: '1',
  ...fields,
});

// The suite clock: 2026-03-02 in Jakarta.
describe.each(BACKENDS)('loan confirmation (%s)', (backend) => {
  const ctx = useTestApp(backend);
  /** sha256 of the agreement text as the page shows it (title, blank line, body), computed here from the row. */
  const shownHash = async (id: number, lang: 'en' | 'id') => {
    const [row] = await ctx.db.query<{ title: string; body: string }>(
      `SELECT title_${lang} AS title, body_${lang} AS body FROM contracts WHERE id = $1`,
      [id],
    );
    return createHash('sha256').update(`${row!.title}\n\n${row!.body}`).digest('hex');
  };

  it("loan-detail-confirm: product 1's offer with the plan from today and the popup agreement", async () => {
    const r = await call<Confirm>(ctx, CONFIRM, { productId: '1' }, { tok: MAIN, lang: 'en' });
    expect(r.status).toBe(200);
    expect(r.code).toBe('00');
    expect(r.data).toEqual({
      productId: 1,
      productLogo: stringMatching(/^data:image\/svg\+xml,/),
      productName: 'LendView Cepat',
      amount: 300_000_000,
      periods: 91,
      termUnit: 'day',
      details: [
        { text: 'Loan amount', value: '₹3,000,000' },
        { text: 'Loan term', value: '91 days' },
        { text: 'Daily interest rate', value: '0.05%' },
      ],
      detail1: [
        { text: 'Interest', value: '₹136,500' },
        // Product 1's 1 % processing fee is deducted from what is paid out (issue 18; test/kfs.test.ts).
        { text: 'Processing fee', value: '₹30,000' },
        { text: 'Amount you receive', value: '₹2,970,000' },
        { text: 'Disbursement', value: 'Within 1 to 3 calendar days after approval' },
      ],
      detail2: [
        { text: 'Total repayment', value: '₹3,136,500' },
        { text: 'Instalments', value: '3' },
        { text: 'First repayment date', value: '2026-04-01' },
      ],
      repay_plans: [
        { title: 'Instalment 1 of 3', amount: 104_500_000, description: 'Principal ₹1,000,000 + interest ₹45,000', pay_time: '2026-04-01' },
        { title: 'Instalment 2 of 3', amount: 104_500_000, description: 'Principal ₹1,000,000 + interest ₹45,000', pay_time: '2026-05-01' },
        { title: 'Instalment 3 of 3', amount: 104_650_000, description: 'Principal ₹1,000,000 + interest ₹46,500', pay_time: '2026-06-01' },
      ],
      firstPayTime: '2026-04-01',
      firstPeriodDay: 30,
      pRateDsc: 'Daily interest rate 0.05%',
      sendSms: 0,
      isPopType: 1,
      popContent: 'Please read the loan agreement before you confirm. Tap Agree to accept it.',
      popTitle: 'Loan Agreement',
      popAgreementUrl: '/v3/contract/view?id=1&productId=1&isNeedPop=1',
      note: 'Early repayment is possible once half of the term has passed, and not within 7 days after disbursement. Repaying late adds a one-time penalty and daily interest on the unpaid amount.',
      sp_rate: '0.05%',
      agreements: [
        { id: 1, title: 'Loan Agreement', version: stringMatching(/^v-[0-9a-f]{12}$/), sha256: await shownHash(1, 'en') },
        {
          id: 2,
          title: 'Privacy and Data Use Consent',
          version: stringMatching(/^v-[0-9a-f]{12}$/),
          sha256: await shownHash(2, 'en'),
        },
        {
          id: 3,
          title: 'Repayment Reminders and Collection Terms',
          version: stringMatching(/^v-[0-9a-f]{12}$/),
          sha256: await shownHash(3, 'en'),
        },
      ],
      smsResendSeconds: 60,
    });
    // The plan adds up to what the borrower will owe.
    expect(r.data.repay_plans.reduce((s, p) => s + p.amount, 0)).toBe(313_650_000);

    // The popup points at a real agreement page.
    const page = await ctx.app.inject({ method: 'GET', url: `${r.data.popAgreementUrl}&tok=${MAIN}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Loan Agreement</h1>');
  });

  it('other products: no popup; Indonesian texts; a 120-day product has four instalments', async () => {
    const r = await call<Confirm>(ctx, CONFIRM, { productId: '3' }, { tok: MAIN });
    expect(r.data).toMatchObject({
      productId: 3,
      productName: 'Kredit Pintar Plus',
      amount: 500_000_000,
      periods: 120,
      isPopType: 0,
      popTitle: '',
      popContent: '',
      popAgreementUrl: '',
      pRateDsc: 'Bunga harian 0,06%',
      sp_rate: '0,06%',
      firstPeriodDay: 30,
      firstPayTime: '2026-04-01',
    });
    expect(r.data.repay_plans.map((p) => [p.title, p.amount, p.pay_time])).toEqual([
      ['Cicilan 1 dari 4', 134_000_000, '2026-04-01'],
      ['Cicilan 2 dari 4', 134_000_000, '2026-05-01'],
      ['Cicilan 3 dari 4', 134_000_000, '2026-05-31'],
      ['Cicilan 4 dari 4', 134_000_000, '2026-06-30'],
    ]);
  });

  it('confirm: unknown product, bad input, no session', async () => {
    const unknown = await post(ctx, CONFIRM, { productId: '999' }, { tok: MAIN, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND_EN);
    for (const [fields, message] of [
      [{}, 'Missing required field: productId.'],
      [{ productId: 'one' }, 'Invalid value for field: productId.'],
      [{ productId: '-1' }, 'Invalid value for field: productId.'],
    ] as const) {
      const r = await call(ctx, CONFIRM, fields, { tok: MAIN, lang: 'en' });
      expect({ status: r.status, code: r.code, message: r.message }).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    }
    const none = await post(ctx, CONFIRM, { productId: '1' }, { lang: 'en' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(UNAUTHORIZED_EN);
  });

  it('loan-detail-push creates an order under review with its instalment plan', async () => {
    const b = await newBorrower(ctx);
    const r = await call<{ orderId: string; lendDetailsUrl: string }>(
      ctx,
      PUSH,
      await withKeyFacts(ctx, push({ amount: '123456789', productId: '5', periods: '180' }), { tok: b.tok }),
      {
        tok: b.tok,
      },
    );
    expect(r.status).toBe(200);
    expect(r.code).toBe('00');
    expect(r.data.orderId).toMatch(/^LV20260302[0-9A-Z]{8}$/);
    expect(r.data.lendDetailsUrl).toBe(`/loanDetails?productId=5&orderId=${r.data.orderId}`);

    const [order] = await ctx.db.query<Record<string, unknown>>(
      'SELECT borrower_id, product_id, status, principal, interest_amount, amount_due, term_days, daily_rate_bp, instalment_count, due_date FROM orders WHERE order_no = $1',
      [r.data.orderId],
    );
    // 123 456 789 × 7 bp × 180 days = 15 555 555.4 → 15 555 555
    expect(order).toEqual({
      borrower_id: b.id,
      product_id: 5,
      status: 21,
      principal: 123_456_789,
      interest_amount: 15_555_555,
      amount_due: 139_012_344,
      term_days: 180,
      daily_rate_bp: 7,
      instalment_count: 6,
      due_date: null,
    });
    const inst = await ctx.db.query<{
      period_no: number;
      principal: number;
      interest: number;
      amount: number;
      due_date: string;
      status: string;
    }>('SELECT period_no, principal, interest, amount, due_date, status FROM instalments WHERE order_no = $1 ORDER BY period_no', [
      r.data.orderId,
    ]);
    expect(inst.map((i) => i.due_date)).toEqual(['2026-04-01', '2026-05-01', '2026-05-31', '2026-06-30', '2026-07-30', '2026-08-29']);
    expect(inst.map((i) => i.principal)).toEqual([20_576_131, 20_576_131, 20_576_131, 20_576_131, 20_576_131, 20_576_134]);
    // 30 days: 123 456 789 × 7 × 30 / 10 000 = 2 592 592.569 → 2 592 593; the last takes the rest.
    expect(inst.map((i) => i.interest)).toEqual([2_592_593, 2_592_593, 2_592_593, 2_592_593, 2_592_593, 2_592_590]);
    expect(inst.every((i) => i.status === 'unpaid' && i.amount === i.principal + i.interest)).toBe(true);
    expect(inst.reduce((s, i) => s + i.amount, 0)).toBe(139_012_344);

    // Its loan details: under review, nothing owed yet.
    const d = await call<Details>(ctx, DETAIL, { productId: '5', orderId: r.data.orderId }, { tok: b.tok, lang: 'en' });
    expect(d.data).toMatchObject({ orderStatus: 21, amount: 0, noticeStatusText: 'Under review', inside: 0, isScore: 0 });
    expect(d.data.userOrderDetail.detail.find((x) => x.text === 'Amount due')).toEqual({ text: 'Amount due', value: '₹1,390,123.44' });
    // And nobody else's.
    const other = await post(ctx, DETAIL, { productId: '5', orderId: r.data.orderId }, { tok: SECOND, lang: 'en' });
    expect(other.json()).toEqual(NOT_FOUND_EN);
  });

  it('is idempotent: pushes in parallel make one order and all answer it', async () => {
    const b = await newBorrower(ctx, true);
    const fields = await withKeyFacts(ctx, push(), { tok: b.tok });
    const results = await Promise.all(Array.from({ length: 4 }, () => call<{ orderId: string }>(ctx, PUSH, fields, { tok: b.tok })));
    const ids = new Set(results.map((r) => r.data.orderId));
    expect(results.every((r) => r.code === '00')).toBe(true);
    expect(ids.size).toBe(1);
    const orders = await ctx.db.query<{ order_no: string; instalment_count: number }>(
      'SELECT order_no, instalment_count FROM orders WHERE borrower_id = $1',
      [b.id],
    );
    expect(orders).toEqual([{ order_no: [...ids][0], instalment_count: 3 }]);
    const inst = await ctx.db.query('SELECT 1 FROM instalments WHERE order_no = $1', [orders[0]!.order_no]);
    expect(inst).toHaveLength(3);

    // A later confirm (even of another amount) answers the order under review.
    const again = await call<{ orderId: string }>(ctx, PUSH, await withKeyFacts(ctx, push({ amount: '500000000' }), { tok: b.tok }), {
      tok: b.tok,
    });
    expect(again.data.orderId).toBe(orders[0]!.order_no);
    // Once reviewed, a new confirm makes a new order.
    await ctx.db.query('UPDATE orders SET status = 110 WHERE order_no = $1', [orders[0]!.order_no]);
    const fresh = await call<{ orderId: string }>(ctx, PUSH, fields, { tok: b.tok });
    expect(fresh.data.orderId).not.toBe(orders[0]!.order_no);
    // Another product is another order.
    const partner = await call<{ orderId: string }>(
      ctx,
      PUSH,
      await withKeyFacts(ctx, push({ productId: '2', amount: '100000000' }), { tok: b.tok }),
      {
        tok: b.tok,
      },
    );
    expect(new Set([fresh.data.orderId, partner.data.orderId]).size).toBe(2);
  });

  it('demo-borrower already has DEMO-21 under review on product 1: a confirm answers it', async () => {
    const r = await call<{ orderId: string; lendDetailsUrl: string }>(ctx, PUSH, await withKeyFacts(ctx, push(), { tok: MAIN }), {
      tok: MAIN,
    });
    expect(r.data).toEqual({ orderId: DEMO_ORDERS.underReview, lendDetailsUrl: '/loanDetails?productId=1&orderId=DEMO-21' });
  });

  it('validates amount and term against the product (term 91-365 days, spec 9)', async () => {
    const b = await newBorrower(ctx);
    const cases: [Record<string, string>, string, string][] = [
      [
        push({ amount: '99999999' }),
        'The loan amount must be between ₹1,000,000 and ₹15,000,000.',
        'Jumlah pinjaman harus antara Rp 1.000.000 dan Rp 15.000.000.',
      ],
      [
        push({ amount: '1500000001' }),
        'The loan amount must be between ₹1,000,000 and ₹15,000,000.',
        'Jumlah pinjaman harus antara Rp 1.000.000 dan Rp 15.000.000.',
      ],
      [push({ periods: '90' }), 'The loan term must be between 91 and 365 days.', 'Jangka waktu pinjaman harus antara 91 dan 365 hari.'],
      [push({ periods: '366' }), 'The loan term must be between 91 and 365 days.', 'Jangka waktu pinjaman harus antara 91 dan 365 hari.'],
      [
        push({ productId: '4', amount: '100000000', periods: '121' }),
        'The loan term must be between 91 and 120 days.',
        'Jangka waktu pinjaman harus antara 91 dan 120 hari.',
      ],
      [push({ amount: '0' }), 'Invalid value for field: amount.', 'Nilai kolom tidak valid: amount.'],
      [push({ amount: '3000000.5' }), 'Invalid value for field: amount.', 'Nilai kolom tidak valid: amount.'],
      [push({ termUnit: 'month' }), 'Invalid value for field: termUnit.', 'Nilai kolom tidak valid: termUnit.'],
      [push({ loanType: '2' }), 'Invalid value for field: loanType.', 'Nilai kolom tidak valid: loanType.'],
      [
        { amount: '300000000', periods: '91', termUnit: 'day', loanType: '1' },
        'Missing required field: productId.',
        'Kolom wajib belum diisi: productId.',
      ],
      [
        { periods: '91', termUnit: 'day', productId: '1', loanType: '1' },
        'Missing required field: amount.',
        'Kolom wajib belum diisi: amount.',
      ],
    ];
    for (const [fields, en, id] of cases) {
      const e = await call(ctx, PUSH, fields, { tok: b.tok, lang: 'en' });
      expect({ status: e.status, code: e.code, data: e.data, message: e.message }, JSON.stringify(fields)).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        data: null,
        message: en,
      });
      const i = await call(ctx, PUSH, fields, { tok: b.tok });
      expect(i.message).toBe(id);
    }
    const disabled = await call(ctx, PUSH, push({ productId: '6', amount: '300000000', periods: '180' }), { tok: b.tok, lang: 'en' });
    expect({ status: disabled.status, code: disabled.code, data: disabled.data, message: disabled.message }).toEqual({
      status: 409,
      code: 'PRODUCT_UNAVAILABLE',
      data: null,
      message: 'This product is not accepting applications right now.',
    });
    const unknown = await post(ctx, PUSH, push({ productId: '999' }), { tok: b.tok, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND_EN);
    const none = await post(ctx, PUSH, push(), { lang: 'en' });
    expect(none.json()).toEqual(UNAUTHORIZED_EN);
    // Nothing was created by any of these.
    expect(await ctx.db.query('SELECT 1 FROM orders WHERE borrower_id = $1', [b.id])).toEqual([]);
  });
});
