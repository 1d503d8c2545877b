import type { KeyFacts } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { MAIN, NOT_FOUND_EN, SECOND, call, newBorrower, post, withKeyFacts } from './helpers/calls.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { grievanceOfficerOf } from '../src/services/grievance.ts';

// The key facts statement before confirmation (issue 18 item 1, docs/compliance.md). The suite clock is
// 2026-03-02 in Jakarta; product 1 lends at 0.05 %/day with a 1 % processing fee.

const KEY_FACTS = '/v3/loan-confirm/key-facts';
const ORDER_KEY_FACTS = '/v3/loan-details/key-facts';
const PUSH = '/v3/loan-confirm/loan-detail-push';
const OFFER = { productId: '1', amount: '300000000', periods: '91' };
const push = (extra: Record<string, string> = {}) => ({ ...OFFER, termUnit: 'day', loanType: '1', ...extra });
const rowsOf = (k: KeyFacts) => Object.fromEntries(k.sections.flatMap((s) => s.rows.map((r) => [r.text, r.value])));

describe.each(BACKENDS)('key facts statement (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it("states every figure of product 1's offer: fee, amount paid out, interest, total, cost, APR 33.16 %, schedule, late charges", async () => {
    const b = await newBorrower(ctx, true);
    const r = await call<KeyFacts>(ctx, KEY_FACTS, OFFER, { tok: b.tok, lang: 'en' });
    expect(r.code).toBe('00');
    const officer = await grievanceOfficerOf(ctx.db);
    expect(r.data).toMatchObject({
      version: 'kfs-2026-11',
      lang: 'en',
      productName: 'LendView Cepat',
      amount: 300_000_000,
      processingFee: 3_000_000, // 1 % of Rp 3.000.000
      otherFees: 0,
      netDisbursed: 297_000_000,
      interest: 13_650_000, // 300 000 000 × 5 bp × 91 days
      totalRepayable: 313_650_000,
      totalCost: 16_650_000, // interest + fee
      // Received 297 000 000 on day 0; 104 500 000 on days 30 and 60, 104 650 000 on day 91: daily IRR × 365
      // = 33.160 % (50-digit bisection, test/apr.test.ts explains the method).
      aprBp: 3316,
      apr: '33.16%',
      dailyRateBp: 5,
      termDays: 91,
      schedule: [
        { periodNo: 1, dueDate: '2026-04-01', principal: 100_000_000, interest: 4_500_000, amount: 104_500_000 },
        { periodNo: 2, dueDate: '2026-05-01', principal: 100_000_000, interest: 4_500_000, amount: 104_500_000 },
        { periodNo: 3, dueDate: '2026-06-01', principal: 100_000_000, interest: 4_650_000, amount: 104_650_000 },
      ],
      provisionalDates: true,
      latePenalty: 80_000, // a repeat client (spec 9)
      lateChargeCap: 300_000_000, // 100 % of the principal
      coolingOffDays: 3,
      grievanceOfficer: officer,
    });
    expect(r.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rowsOf(r.data)).toMatchObject({
      'Loan amount': '₹3,000,000',
      'Processing fee (deducted from the amount paid out)': '₹30,000',
      'Amount paid out to you': '₹2,970,000',
      'Total interest': '₹136,500',
      'Total amount to repay': '₹3,136,500',
      'Total cost of the loan (interest and fees)': '₹166,500',
      'Annual percentage rate (APR)': '33.16%',
      'Late penalty (charged once)': '₹800',
      'Late interest on the unpaid amount': '5% a day on days 1–30; 4% a day on days 31–90; 2% a day from day 91',
      'Limit of all late charges': '100% of the principal (₹3,000,000)',
      'You may exit the loan within': '3 days',
      Name: officer.name,
    });
    const coolingOff = r.data.sections.find((s) => s.title === 'Cooling-off period')!;
    expect(coolingOff.note).toBe(
      'Within 3 days after the money is paid out you may exit this loan by repaying the principal and the interest for the days you had it. No penalty is charged; the processing fee is not refunded.',
    );

    // Indonesian: the same figures, its own texts and so its own hash; a new client's penalty is Rp 1.000.
    const fresh = await newBorrower(ctx, false);
    const id = await call<KeyFacts>(ctx, KEY_FACTS, OFFER, { tok: fresh.tok, lang: 'id' });
    expect(id.data).toMatchObject({ aprBp: 3316, apr: '33,16%', latePenalty: 100_000, totalRepayable: 313_650_000 });
    expect(rowsOf(id.data)).toMatchObject({ 'Suku bunga tahunan efektif (APR)': '33,16%', 'Total yang harus dibayar': 'Rp 3.136.500' });
    expect(id.data.sha256).not.toBe(r.data.sha256);
  });

  it('the statement refuses an amount or term the product does not lend, and needs a session', async () => {
    const b = await newBorrower(ctx);
    const low = await call(ctx, KEY_FACTS, { ...OFFER, amount: '1' }, { tok: b.tok, lang: 'en' });
    expect({ status: low.status, message: low.message }).toEqual({
      status: 400,
      message: 'The loan amount must be between ₹1,000,000 and ₹15,000,000.',
    });
    const long = await call(ctx, KEY_FACTS, { ...OFFER, periods: '400' }, { tok: b.tok, lang: 'en' });
    expect(long.message).toBe('The loan term must be between 91 and 365 days.');
    const none = await post(ctx, KEY_FACTS, OFFER, { lang: 'en' });
    expect(none.statusCode).toBe(401);
  });

  it('a confirm without the statement opened is refused (400), and with a stale one (409); nothing is created', async () => {
    const b = await newBorrower(ctx);
    const missing = await call(ctx, PUSH, push(), { tok: b.tok, lang: 'en' });
    expect({ status: missing.status, code: missing.code, message: missing.message }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Please open and read the key facts statement before you confirm.',
    });
    expect((await call(ctx, PUSH, push(), { tok: b.tok, lang: 'id' })).message).toBe(
      'Silakan buka dan baca ringkasan informasi pinjaman sebelum mengonfirmasi.',
    );
    // The statement of another amount, and yesterday's statement (its due dates moved), are not this offer's.
    const other = await withKeyFacts(ctx, push({ amount: '400000000' }), { tok: b.tok, lang: 'en' });
    const wrongAmount = await call(ctx, PUSH, push({ keyFacts: other.keyFacts! }), { tok: b.tok, lang: 'en' });
    expect({ status: wrongAmount.status, code: wrongAmount.code, message: wrongAmount.message }).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'The key facts of this loan have changed. Please read them again before you confirm.',
    });
    const yesterday = await withKeyFacts(ctx, push(), { tok: b.tok, lang: 'en' });
    ctx.clock.advance(24 * 60 * 60 * 1000);
    const stale = await call(ctx, PUSH, yesterday, { tok: b.tok, lang: 'en' });
    expect(stale.code).toBe('CONFLICT');
    // Read in English, confirmed in Indonesian: not the text the borrower read.
    const en = await withKeyFacts(ctx, push(), { tok: b.tok, lang: 'en' });
    expect((await call(ctx, PUSH, en, { tok: b.tok, lang: 'id' })).code).toBe('CONFLICT');
    expect((await call(ctx, PUSH, push({ keyFacts: 'x'.repeat(64) }), { tok: b.tok, lang: 'en' })).status).toBe(400);
    expect(await ctx.db.query('SELECT 1 FROM orders WHERE borrower_id = $1', [b.id])).toEqual([]);
    expect(await ctx.db.query('SELECT 1 FROM loan_consents WHERE borrower_id = $1', [b.id])).toEqual([]);
  });

  it('a confirm keeps the statement (insert-only), fixes the fee on the order, and the loan answers the same statement', async () => {
    const b = await newBorrower(ctx, true);
    const kfs = await call<KeyFacts>(ctx, KEY_FACTS, OFFER, { tok: b.tok, lang: 'en' });
    // 20 taps at once: one order, one kept statement.
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<{ orderId: string }>(ctx, PUSH, push({ keyFacts: kfs.data.sha256 }), { tok: b.tok, lang: 'en' }),
      ),
    );
    expect(results.every((r) => r.code === '00')).toBe(true);
    const orderNo = results[0]!.data.orderId;
    expect(new Set(results.map((r) => r.data.orderId))).toEqual(new Set([orderNo]));

    const [order] = await ctx.db.query<{ processing_fee: number; amount_due: number }>(
      'SELECT processing_fee, amount_due FROM orders WHERE order_no = $1',
      [orderNo],
    );
    // The fee is deducted from the disbursement, never owed.
    expect(order).toEqual({ processing_fee: 3_000_000, amount_due: 313_650_000 });
    const kept = await ctx.db.query<{ version: string; lang: string; body: KeyFacts }>(
      'SELECT version, lang, body FROM kfs_statements WHERE sha256 = $1',
      [kfs.data.sha256],
    );
    expect(kept).toEqual([{ version: 'kfs-2026-11', lang: 'en', body: kfs.data }]);
    await expect(ctx.db.query("UPDATE kfs_statements SET version = 'x' WHERE sha256 = $1", [kfs.data.sha256])).rejects.toThrow(
      /insert-only/,
    );
    await expect(ctx.db.query('DELETE FROM kfs_statements WHERE sha256 = $1', [kfs.data.sha256])).rejects.toThrow(/insert-only/);

    // The loan's own statement (from the order) is the one confirmed, figure for figure and text for text.
    const own = await call<KeyFacts>(ctx, ORDER_KEY_FACTS, { orderId: orderNo, productId: '1' }, { tok: b.tok, lang: 'en' });
    expect(own.data).toEqual(kfs.data);
    // Nobody else's.
    const other = await post(ctx, ORDER_KEY_FACTS, { orderId: orderNo }, { tok: SECOND, lang: 'en' });
    expect(other.json()).toEqual(NOT_FOUND_EN);
    const main = await post(ctx, ORDER_KEY_FACTS, { orderId: orderNo }, { tok: MAIN, lang: 'en' });
    expect(main.statusCode).toBe(404);
  });
});
