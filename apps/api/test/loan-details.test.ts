import { loanDetails, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { MAIN, NOT_FOUND_EN, NOT_FOUND_ID, SECOND, UNAUTHORIZED_EN, call, newBorrower, post } from './helpers/calls.ts';
import { BACKENDS, SUPPORT, useTestApp } from './helpers/setup.ts';
import { DEMO_H5_ORDER, DEMO_ORDERS, DEMO_SECOND_BORROWER_ORDER } from '../src/db/demo/index.ts';
import { stringMatching } from './helpers/matchers.ts';

const DETAIL = '/v3/loan-details/detail';
const SCORE = '/v3/loan-details/google-score';
type Details = ResponseOf<typeof loanDetails>;

// The suite clock is 2026-03-02T03:00Z = 2026-03-02 10:00 in Jakarta; the seed is anchored to it.
describe.each(BACKENDS)('loan details (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const details = (orderId: string, o: { tok?: string; lang?: 'en' | 'id'; productId?: string } = {}) =>
    call<Details>(ctx, DETAIL, { productId: o.productId ?? '1', orderId }, { tok: o.tok ?? MAIN, lang: o.lang });

  it('DEMO-180: 40 days overdue, the amount due includes the late charges of spec 9, capped at the principal (repeat client)', async () => {
    const r = await details(DEMO_ORDERS.overdue, { lang: 'en' });
    expect(r.status).toBe(200);
    expect(r.code).toBe('00');
    expect(r.message).toBe('Success');
    // Rp 1.200.000 + 91 days × 0.05 % = Rp 1.254.600. Uncapped late charges would be 30 × Rp 62.730 +
    // 10 × Rp 50.184 + Rp 800 = Rp 2.384.540; the cap (late_charge_cap_percent 100, docs/repayment.md) holds them
    // to the principal, Rp 1.200.000: penalty Rp 800 + late interest Rp 1.199.200. Owed now Rp 2.454.600.
    expect(r.data.amount).toBe(245_460_000);
    expect(r.data).toMatchObject({
      orderId: 'DEMO-180',
      productId: 1,
      orderStatus: 180,
      noticeStatusText: 'Overdue',
      // Issue 11: where late charges are shown, the notice states their cap.
      noticeDesText:
        'Your loan is 40 days overdue. Late charges have reached their limit: please repay ₹2,454,600 now. Late charges never exceed 100% of the principal.',
      productName: 'LendView Cepat',
      inside: 1,
      h5Url: '',
      isDelay: '1',
      telephone: SUPPORT.phone,
      isScore: 0,
      // Overdue: repaying in full is not an early prepayment (spec 9); from = disbursed 2025-10-22 + 46 days.
      earlyRepay: { allowed: true, from: '2025-12-07', message: null },
    });
    expect(r.data.productLogo).toMatch(/^data:image\/svg\+xml,/);
    expect(r.data.userOrderDetail.detail).toEqual([
      { text: 'Loan amount', value: '₹1,200,000' },
      { text: 'Loan term', value: '91 days' },
      { text: 'Application date', value: '2025-10-21' },
      { text: 'Disbursement date', value: '2025-10-22' },
      { text: 'Due date', value: '2026-01-21' },
      { text: 'Daily interest rate', value: '0.05%' },
      { text: 'Interest', value: '₹54,600' },
      { text: 'Amount due', value: '₹1,254,600' },
      { text: 'Days overdue', value: '40' },
      { text: 'Late penalty', value: '₹800' },
      { text: 'Late interest', value: '₹1,199,200' },
      { text: 'Amount to repay now', value: '₹2,454,600' },
    ]);
    loanDetails.response.parse(r.data);
  });

  it('DEMO-170 in Indonesian: repaying, not due, nothing late', async () => {
    const r = await details(DEMO_ORDERS.repaying);
    expect(r.message).toBe('Berhasil');
    expect(r.data).toMatchObject({
      orderStatus: 170,
      amount: 261_375_000,
      noticeStatusText: 'Dalam pembayaran',
      noticeDesText: 'Silakan bayar Rp 2.613.750 paling lambat 2026-05-02.',
      isDelay: '0',
      isScore: 0,
      // Day 30 of 91 (disbursed 2026-01-31): a full repayment is an early prepayment until day 46 (spec 9).
      earlyRepay: {
        allowed: false,
        from: '2026-03-18',
        message:
          'Pelunasan lebih awal dapat dilakukan mulai 2026-03-18: separuh jangka waktu pinjaman harus sudah berlalu dan minimal 7 hari sejak pinjaman dicairkan.',
      },
    });
    expect(r.data.userOrderDetail.detail).toEqual([
      { text: 'Jumlah pinjaman', value: 'Rp 2.500.000' },
      { text: 'Jangka waktu', value: '91 hari' },
      { text: 'Tanggal pengajuan', value: '2026-01-30' },
      { text: 'Tanggal pencairan', value: '2026-01-31' },
      { text: 'Tanggal jatuh tempo', value: '2026-05-02' },
      { text: 'Bunga harian', value: '0,05%' },
      { text: 'Bunga', value: 'Rp 113.750' },
      { text: 'Jumlah tagihan', value: 'Rp 2.613.750' },
    ]);
  });

  it('every status of the catalogue: its texts, what is owed now, which rows apply', async () => {
    const expected: Record<string, { status: number; title: string; amount: number; rows: string[] }> = {
      'DEMO-21': {
        status: 21,
        title: 'Under review',
        amount: 0,
        rows: ['Loan amount', 'Loan term', 'Application date', 'Daily interest rate', 'Interest', 'Amount due'],
      },
      'DEMO-110': { status: 110, title: 'Application not approved', amount: 0, rows: ['Loan amount', 'Loan term', 'Application date'] },
      'DEMO-151': {
        status: 151,
        title: 'Approved, disbursing',
        amount: 0,
        rows: ['Loan amount', 'Loan term', 'Application date', 'Daily interest rate', 'Interest', 'Amount due'],
      },
      'DEMO-174': {
        status: 174,
        title: 'Due soon',
        amount: 104_550_000,
        rows: [
          'Loan amount',
          'Loan term',
          'Application date',
          'Disbursement date',
          'Due date',
          'Daily interest rate',
          'Interest',
          'Amount due',
        ],
      },
      'DEMO-200': {
        status: 200,
        title: 'Settled',
        amount: 0,
        rows: [
          'Loan amount',
          'Loan term',
          'Application date',
          'Disbursement date',
          'Due date',
          'Daily interest rate',
          'Interest',
          'Amount due',
          'Settled on',
        ],
      },
      'DEMO-3': {
        status: 3,
        title: 'Repaying',
        amount: 104_550_000,
        rows: [
          'Loan amount',
          'Loan term',
          'Application date',
          'Disbursement date',
          'Due date',
          'Daily interest rate',
          'Interest',
          'Amount due',
        ],
      },
      'DEMO-4': {
        status: 4,
        title: 'Settled',
        amount: 0,
        rows: [
          'Loan amount',
          'Loan term',
          'Application date',
          'Disbursement date',
          'Due date',
          'Daily interest rate',
          'Interest',
          'Amount due',
          'Settled on',
        ],
      },
      // Rp 1.568.250 unpaid, 10 days late: 10 × Rp 78.412,50 (5 % a day) + Rp 800.
      'DEMO-5': {
        status: 5,
        title: 'Overdue',
        amount: 156_825_000 + 10 * 7_841_250 + 80_000,
        rows: [
          'Loan amount',
          'Loan term',
          'Application date',
          'Disbursement date',
          'Due date',
          'Daily interest rate',
          'Interest',
          'Amount due',
          'Days overdue',
          'Late penalty',
          'Late interest',
          'Amount to repay now',
        ],
      },
      'DEMO-INST': {
        status: 170,
        title: 'Repaying',
        amount: 424_000_000,
        rows: [
          'Loan amount',
          'Loan term',
          'Instalments',
          'Application date',
          'Disbursement date',
          'Due date',
          'Daily interest rate',
          'Interest',
          'Amount due',
        ],
      },
    };
    for (const [orderId, e] of Object.entries(expected)) {
      const r = await details(orderId, { lang: 'en' });
      expect(r.code, orderId).toBe('00');
      expect(r.data.orderStatus, orderId).toBe(e.status);
      expect(r.data.noticeStatusText, orderId).toBe(e.title);
      expect(r.data.amount, orderId).toBe(e.amount);
      expect(
        r.data.userOrderDetail.detail.map((d) => d.text),
        orderId,
      ).toEqual(e.rows);
    }
    const inst = await details(DEMO_ORDERS.instalments, { lang: 'en' });
    expect(inst.data.noticeDesText).toBe('Your next instalment of ₹1,060,000 is due on 2026-03-27.');
    const soon = await details(DEMO_ORDERS.dueSoon, { lang: 'en' });
    expect(soon.data.noticeDesText).toBe('Your repayment of ₹1,045,500 is due on 2026-03-04. Repay on time to keep a good record.');
    expect(soon.data.isDelay).toBe('1');
    const review = await details(DEMO_ORDERS.underReview);
    expect(review.data.noticeDesText).toBe('Kami sedang meninjau pengajuan Anda. Keputusan akan Anda terima dalam 1 hari.');
  });

  it('DEMO-H5: a partner product answers inside 0 and the partner repayment page as h5Url', async () => {
    const r = await details(DEMO_H5_ORDER, { productId: '2' });
    expect(r.data).toMatchObject({
      orderId: 'DEMO-H5',
      productId: 2,
      orderStatus: 170,
      productName: 'Dana Kilat',
      inside: 0,
      h5Url: 'https://dana-kilat.example.com/repay',
      // Rp 1.500.000 + 91 days × 0.08 % = Rp 1.609.200
      amount: 160_920_000,
    });
    expect(r.data.recProducts.map((p) => p.id)).toEqual([1, 3, 4, 5, 6]);
  });

  it('recProducts: the other active products with quota left, in the recommended shape', async () => {
    const r = await details(DEMO_ORDERS.repaying, { lang: 'en' });
    // Not the order's product 1; not 7 and 8 (quota full today).
    expect(r.data.recProducts.map((p) => p.id)).toEqual([2, 3, 4, 5, 6]);
    expect(r.data.recProducts[0]).toEqual({
      id: 2,
      productLogo: stringMatching(/^data:image\/svg\+xml,/),
      productName: 'Dana Kilat',
      buttonStatus: 1,
      buttonText: 'Borrow now',
      amountMin: 50_000_000,
      amountMax: 500_000_000,
      amountRangeDes: 'Loan amount',
      loan_rate: '0.08% / day',
      productDesc: 'Small loans for urgent needs, approved in minutes.',
      productTags: ['Instant', 'First loan friendly'],
      globally: 1,
    });
    expect(r.data.recProducts.find((p) => p.id === 6)).toMatchObject({ buttonStatus: 0, globally: 0, buttonText: 'Quota full' });
  });

  it("another borrower's order answers exactly like a missing one", async () => {
    for (const lang of ['en', 'id'] as const) {
      const missing = await post(ctx, DETAIL, { productId: '1', orderId: 'NO-SUCH-ORDER' }, { tok: SECOND, lang });
      const other = await post(ctx, DETAIL, { productId: '1', orderId: DEMO_ORDERS.repaying }, { tok: SECOND, lang });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(lang === 'en' ? NOT_FOUND_EN : NOT_FOUND_ID);
      expect(other.body).toBe(missing.body);
      expect(other.statusCode).toBe(missing.statusCode);
    }
    const reverse = await details(DEMO_SECOND_BORROWER_ORDER, { lang: 'en' });
    expect({ code: reverse.code, data: reverse.data, message: reverse.message }).toEqual(NOT_FOUND_EN);
    // Own order under another product id: not found either.
    const wrongProduct = await details(DEMO_ORDERS.repaying, { productId: '2', lang: 'en' });
    expect(wrongProduct.status).toBe(404);
    // The second borrower sees their own.
    const own = await details(DEMO_SECOND_BORROWER_ORDER, { tok: SECOND });
    expect(own.data.orderStatus).toBe(170);
  });

  it('bad input and no session', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ productId: '1' }, 'Missing required field: orderId.'],
      [{ orderId: 'DEMO-170' }, 'Missing required field: productId.'],
      [{ productId: 'abc', orderId: 'DEMO-170' }, 'Invalid value for field: productId.'],
      [{ productId: '0', orderId: 'DEMO-170' }, 'Invalid value for field: productId.'],
      [{ productId: '1', orderId: 'x'.repeat(65) }, 'Invalid value for field: orderId.'],
    ];
    for (const [fields, message] of cases) {
      const r = await call(ctx, DETAIL, fields, { tok: MAIN, lang: 'en' });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect({ code: r.code, data: r.data, message: r.message }).toEqual({ code: 'BAD_REQUEST', data: null, message });
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: `${DETAIL}?tok=${MAIN}&isNeedPop=1`,
      payload: { productId: [1], orderId: 'DEMO-170' },
    });
    expect(json.json()).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Invalid value for field: productId.' });
    for (const tok of [undefined, 'not-a-session']) {
      const r = await post(ctx, DETAIL, { productId: '1', orderId: 'DEMO-170' }, { tok, lang: 'en' });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual(UNAUTHORIZED_EN);
    }
    // The header works as well as the query.
    const header = await call<Details>(ctx, DETAIL, { productId: '1', orderId: 'DEMO-170' }, { tok: MAIN, header: true });
    expect(header.data.orderId).toBe('DEMO-170');
  });

  it('isScore is 1 on a settled order until the borrower rates the app; the stars chosen are stored', async () => {
    expect((await details(DEMO_ORDERS.settled)).data.isScore).toBe(1);
    expect((await details(DEMO_ORDERS.legacySettled)).data.isScore).toBe(1);
    expect((await details(DEMO_ORDERS.repaying)).data.isScore).toBe(0);

    const saved = await call(ctx, SCORE, { score: '3', orderId: DEMO_ORDERS.settled }, { tok: MAIN, lang: 'en' });
    expect({ code: saved.code, data: saved.data, message: saved.message }).toEqual({
      code: '00',
      data: { saved: true },
      message: 'Thank you for your rating!',
    });
    const rows = await ctx.db.query<{ score: number; order_no: string | null }>(
      `SELECT r.score, r.order_no FROM app_ratings r JOIN borrowers b ON b.id = r.borrower_id WHERE b.phone = '13800000000'`,
    );
    expect(rows).toEqual([{ score: 3, order_no: 'DEMO-200' }]);

    expect((await details(DEMO_ORDERS.settled)).data.isScore).toBe(0);
    expect((await details(DEMO_ORDERS.legacySettled)).data.isScore).toBe(0);
  });
});

describe.each(BACKENDS)('google-score (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it('stores 1-5 with or without an order; refuses 0, 6 and non-numbers', async () => {
    const b = await newBorrower(ctx);
    for (const score of ['1', '5']) {
      const r = await call(ctx, SCORE, { score }, { tok: b.tok });
      expect({ code: r.code, data: r.data, message: r.message }).toEqual({
        code: '00',
        data: { saved: true },
        message: 'Terima kasih atas penilaian Anda!',
      });
    }
    const json = await ctx.app.inject({ method: 'POST', url: `${SCORE}?tok=${b.tok}`, payload: { score: 4 } });
    expect(json.json()).toMatchObject({ code: '00' });
    // One rating per borrower per order (and one without an order): each new rating replaces the stars
    // (issue 12 item 7, docs/api.md "Limits").
    const scores = await ctx.db.query<{ score: number }>('SELECT score FROM app_ratings WHERE borrower_id = $1 ORDER BY id', [b.id]);
    expect(scores.map((s) => s.score)).toEqual([4]);

    for (const score of ['0', '6', '-1', '4.5', 'five', '']) {
      const en = await call(ctx, SCORE, { score }, { tok: b.tok, lang: 'en' });
      expect(en.status, score).toBe(400);
      expect({ code: en.code, data: en.data, message: en.message }).toEqual({
        code: 'BAD_REQUEST',
        data: null,
        message: 'Please choose a rating of 1 to 5 stars.',
      });
    }
    const missing = await call(ctx, SCORE, {}, { tok: b.tok });
    expect(missing.message).toBe('Silakan pilih peringkat 1 sampai 5 bintang.');
    const count = await ctx.db.query('SELECT 1 FROM app_ratings WHERE borrower_id = $1', [b.id]);
    expect(count).toHaveLength(1);
  });

  it("an order id must be the borrower's own; no session → UNAUTHORIZED", async () => {
    const other = await post(ctx, SCORE, { score: '5', orderId: DEMO_ORDERS.settled }, { tok: SECOND, lang: 'en' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND_EN);
    const none = await post(ctx, SCORE, { score: '5' }, { lang: 'en' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(UNAUTHORIZED_EN);
    const rows = await ctx.db.query(`SELECT 1 FROM app_ratings r JOIN borrowers b ON b.id = r.borrower_id WHERE b.phone = '13800000001'`);
    expect(rows).toEqual([]);
  });
});
