import {
  delayDetail,
  generateVcode,
  initPayType,
  loanDetails,
  loanPlayDetail,
  vcodeForPage,
  vcodeOnFile,
  type ResponseOf,
} from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/env.ts';
import { DEV_PAYMENT_WEBHOOK_SECRET, signSandboxBody } from '../src/providers/payments.ts';
import { MAIN, NOT_FOUND_EN, NOT_FOUND_ID, SECOND, UNAUTHORIZED_EN, call, newBorrower } from './helpers/calls.ts';
import { addOrder, borrowerIdOf, eventBody, eventsOf, orderRow, paymentByVcode, paymentsOf, postCallback } from './helpers/repay.ts';
import { BACKENDS, SUPPORT, useTestApp } from './helpers/setup.ts';
import { DEMO_ORDERS, DEMO_PAST_HALF_TERM_ORDER, DEMO_SECOND_BORROWER_ORDER } from '../src/db/demo/index.ts';

const INIT = '/v3/loan-details/init-pay-type';
const VCODE = '/v3/loan-details/generate-vcode';
const ON_FILE = '/v3/loan-details/vcode-on-file';
const FOR_PAGE = '/v3/loan-details/vcode-for-page';
const DELAY = '/v3/loan-details/delay-detail';
const PLAN = '/v3/installment/loan-play-detail';
const DETAIL = '/v3/loan-details/detail';
const SIMULATE = '/dev/payments/simulate';

type Va = ResponseOf<typeof generateVcode>;
type OnFile = ResponseOf<typeof vcodeOnFile>;
type Plan = ResponseOf<typeof loanPlayDetail>;
type Delay = ResponseOf<typeof delayDetail>;
type Details = ResponseOf<typeof loanDetails>;

const HOUR_MS = 60 * 60 * 1000;
// The suite clock: 2026-03-02T03:00Z = 2026-03-02 10:00 in Jakarta; the demo seed is anchored to it.
const START = new Date('2026-03-02T03:00:00.000Z');

const REFUSED = (message: string) => ({ code: 'PAYMENT_REFUSED', data: null, message });
/**
 * Spec 9 early prepayment (test/early-repayment.test.ts): DEMO-170 (day 30 of its 91 days) cannot be repaid in full
 * yet, so the code and callback tests pay its twin DEMO-HALF (day 60 of 91, the same Rp 2.613.750 owed).
 */
const REPAYABLE = DEMO_PAST_HALF_TERM_ORDER;

describe.each(BACKENDS)('repayment: methods, payment codes, callbacks (%s)', (backend) => {
  const ctx = useTestApp(backend);
  /** A BCA request of `path` (generate-vcode, or vcode-on-file which takes the same request). */
  const byBca =
    <T>(path: string) =>
    (orderId: string, amount: number, extra: Record<string, string> = {}, tok = MAIN) =>
      call<T>(
        ctx,
        path,
        { productId: '1', orderId, amount: String(amount), is_default: '0', pay_type: '1', payCode: 'BCA', ...extra },
        { tok, lang: 'en' },
      );
  const bca = byBca<Va>(VCODE);
  const alfamart = (orderId: string, amount: number, extra: Record<string, string> = {}) =>
    call<Va>(
      ctx,
      VCODE,
      { productId: '1', orderId, amount: String(amount), is_default: '0', pay_type: '2', payCode: 'ALFAMART', ...extra },
      { tok: MAIN, lang: 'en' },
    );
  const freshOrder = async (principal = 100_000_000, dueDate = '2026-04-01') =>
    addOrder(ctx, { borrowerId: await borrowerIdOf(ctx), status: 170, principal, dueDate });
  /** A new borrower (no code issued yet) with a repaying order of Rp 500.000. */
  const newBorrowerOrder = async () => {
    const fresh = await newBorrower(ctx);
    return { fresh, ...(await addOrder(ctx, { borrowerId: fresh.id, status: 170, principal: 50_000_000, dueDate: '2026-04-01' })) };
  };

  describe('init-pay-type', () => {
    it('banks with their channels (pay_type 1), markets with ALFAMART first (pay_type 2)', async () => {
      const banks = await call<ResponseOf<typeof initPayType>>(
        ctx,
        INIT,
        { productId: '1', orderId: DEMO_ORDERS.repaying, pay_type: '1' },
        { tok: MAIN },
      );
      expect(banks.status).toBe(200);
      expect(banks.code).toBe('00');
      expect(banks.data.markets).toEqual([]);
      expect(banks.data.banks.map((b) => b.bankCode)).toEqual(['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'CIMB']);
      expect(banks.data.banks[0]).toEqual({
        bankName: 'BCA',
        bankCode: 'BCA',
        methods: [
          { name: 'ATM BCA', specificNum: '1' },
          { name: 'm-BCA', specificNum: '2' },
          { name: 'KlikBCA', specificNum: '3' },
        ],
      });
      const markets = await call<ResponseOf<typeof initPayType>>(
        ctx,
        INIT,
        { productId: '1', orderId: DEMO_ORDERS.repaying, pay_type: '2' },
        { tok: MAIN },
      );
      expect(markets.data).toEqual({ banks: [], markets: ['ALFAMART', 'INDOMARET'] });
    });

    it('bad input, nothing to repay, another borrower, no session', async () => {
      const bad = await call(ctx, INIT, { productId: '1', orderId: DEMO_ORDERS.repaying, pay_type: '3' }, { tok: MAIN });
      expect([bad.status, bad.code, bad.message]).toEqual([400, 'BAD_REQUEST', 'Silakan lengkapi informasinya']);
      const badEn = await call(ctx, INIT, { productId: '1', orderId: DEMO_ORDERS.repaying }, { tok: MAIN, lang: 'en' });
      expect(badEn.message).toBe('Please complete the information.');
      const settled = await call(ctx, INIT, { productId: '1', orderId: DEMO_ORDERS.settled, pay_type: '1' }, { tok: MAIN, lang: 'en' });
      expect(settled.status).toBe(409);
      expect({ code: settled.code, data: settled.data, message: settled.message }).toEqual(REFUSED('This order has nothing to repay.'));
      const other = await call(ctx, INIT, { productId: '1', orderId: DEMO_ORDERS.repaying, pay_type: '1' }, { tok: SECOND });
      expect(other.status).toBe(404);
      expect({ code: other.code, data: other.data, message: other.message }).toEqual(NOT_FOUND_ID);
      const none = await call(ctx, INIT, { productId: '1', orderId: DEMO_ORDERS.repaying, pay_type: '1' }, { lang: 'en' });
      expect({ code: none.code, data: none.data, message: none.message }).toEqual(UNAUTHORIZED_EN);
    });
  });

  describe('generate-vcode', () => {
    it('DEMO-HALF by BCA: a 24-hour virtual account for the amount owed now, with the steps of every BCA channel', async () => {
      const r = await bca(REPAYABLE, 261_375_000, { specific_num: '2' });
      expect(r.status).toBe(200);
      expect(r.code).toBe('00');
      expect(r.message).toBe('Payment code ready.');
      expect(r.data).toMatchObject({
        amount: 261_375_000,
        payType: 1,
        payCode: 'BCA',
        specificNum: '2',
        telephone: SUPPORT.phone,
        expiresAt: '2026-03-03T03:00:00.000Z',
        repayType: 'full',
        state: 'pending',
      });
      expect(r.data.vcode).toMatch(/^39358\d{11}$/);
      expect(r.data.cardNo).toMatch(/^LVP20260302[0-9A-Z]{12}$/);
      const steps = r.data.payStep as { name: string; steps: string[] }[];
      expect(steps.map((s) => s.name)).toEqual(['m-BCA', 'ATM BCA', 'KlikBCA']);
      expect(steps[0]!.steps).toEqual([
        'Open m-BCA and log in.',
        'Choose Transfer, then Virtual Account.',
        `Enter the virtual account number ${r.data.vcode}.`,
        'Check that the amount is ₹2,613,750 and the recipient is LendView.',
        'Confirm with your PIN and keep the receipt screen as proof of payment.',
      ]);
      expect(steps[1]!.steps[0]).toBe('Insert your card into a BCA ATM and enter your PIN.');
      generateVcode.response.parse(r.data);
    });

    it('the same request reuses the pending code; one with less than an hour left is replaced', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const first = await bca(orderNo, amountDue);
      const again = await bca(orderNo, amountDue, { specific_num: '3' });
      expect(again.data.vcode).toBe(first.data.vcode);
      expect(again.data.cardNo).toBe(first.data.cardNo);
      expect(again.data.specificNum).toBe('3');
      expect(again.data.expiresAt).toBe(first.data.expiresAt);
      expect(await paymentsOf(ctx, orderNo)).toHaveLength(1);
      ctx.clock.advance(23.5 * HOUR_MS);
      try {
        const later = await bca(orderNo, amountDue);
        expect(later.data.vcode).not.toBe(first.data.vcode);
        expect((await paymentsOf(ctx, orderNo)).map((p) => p.state)).toEqual(['cancelled', 'pending']);
      } finally {
        ctx.clock.set(START);
      }
    });

    it('DEMO-HALF by ALFAMART: a mini-market code and its steps; it replaces the BCA code', async () => {
      const before = await bca(REPAYABLE, 261_375_000);
      const r = await alfamart(REPAYABLE, 261_375_000);
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({
        amount: 261_375_000,
        payType: 2,
        payCode: 'ALFAMART',
        specificNum: '',
        state: 'pending',
        repayType: 'full',
      });
      expect(r.data.vcode).toMatch(/^8890\d{10}$/);
      expect(r.data.payStep).toEqual([
        'Go to the nearest Alfamart store and tell the cashier you want to pay LendView.',
        `Show the payment code ${r.data.vcode} to the cashier.`,
        'Pay ₹2,613,750 (the store may add its own fee).',
        'Keep the receipt as proof of payment.',
      ]);
      expect((await paymentByVcode(ctx, before.data.vcode)).state).toBe('cancelled');
      // In Indonesian, the same code again.
      const id = await call<Va>(
        ctx,
        VCODE,
        { productId: '1', orderId: REPAYABLE, amount: '261375000', is_default: '0', pay_type: '2', payCode: 'ALFAMART' },
        { tok: MAIN },
      );
      expect(id.data.vcode).toBe(r.data.vcode);
      expect((id.data.payStep as string[])[2]).toBe('Bayar Rp 2.613.750 (gerai dapat menambahkan biaya sendiri).');
    });

    it("is_default 1: the borrower's last used method, else the first bank and its first channel", async () => {
      // demo-borrower last used ALFAMART (previous test).
      const last = await call<Va>(
        ctx,
        VCODE,
        { productId: '1', orderId: REPAYABLE, amount: '261375000', is_default: '1', payCode: 'BNI', pay_type: '1' },
        { tok: MAIN },
      );
      expect(last.data.payCode).toBe('ALFAMART');
      const { fresh, orderNo, amountDue } = await newBorrowerOrder();
      const first = await call<Va>(
        ctx,
        VCODE,
        { productId: '1', orderId: orderNo, amount: String(amountDue), is_default: '1' },
        { tok: fresh.tok },
      );
      expect(first.data).toMatchObject({ payType: 1, payCode: 'BCA', specificNum: '1', amount: 52_275_000 });
    });

    it('refuses an amount that is not what the order asks now, unknown methods, and orders that ask nothing for that repayType', async () => {
      const wrong = await bca(REPAYABLE, 261_374_999);
      expect(wrong.status).toBe(409);
      expect({ code: wrong.code, data: wrong.data, message: wrong.message }).toEqual(
        REFUSED('The amount does not match what this order asks now (₹2,613,750). Please refresh the page and try again.'),
      );
      const wrongId = await call(
        ctx,
        VCODE,
        { productId: '1', orderId: REPAYABLE, amount: '1', is_default: '0', pay_type: '1', payCode: 'BCA' },
        { tok: MAIN },
      );
      expect(wrongId.message).toBe(
        'Jumlah tidak sesuai dengan tagihan pesanan saat ini (Rp 2.613.750). Silakan muat ulang halaman dan coba lagi.',
      );
      const bank = await bca(REPAYABLE, 261_375_000, { payCode: 'XYZ' });
      expect([bank.status, bank.code, bank.message]).toEqual([400, 'BAD_REQUEST', 'Please complete the information.']);
      const noType = await call(
        ctx,
        VCODE,
        { productId: '1', orderId: REPAYABLE, amount: '261375000', is_default: '0', payCode: 'BCA' },
        { tok: MAIN },
      );
      expect(noType.message).toBe('Silakan lengkapi informasinya');
      const channel = await bca(REPAYABLE, 261_375_000, { specific_num: '9' });
      expect(channel.message).toBe('Invalid value for field: specific_num.');
      const zero = await bca(REPAYABLE, 0);
      expect(zero.message).toBe('Invalid value for field: amount.');
      const inst = await bca(REPAYABLE, 261_375_000, { repayType: 'installment' });
      expect(inst.message).toBe('This order is not an instalment loan.');
      const delay = await bca(REPAYABLE, 261_375_000, { repayType: 'delay' });
      expect(delay.message).toBe('This order cannot be extended.');
      const settled = await bca(DEMO_ORDERS.settled, 1);
      expect(settled.message).toBe('This order has nothing to repay.');
      const review = await bca(DEMO_ORDERS.underReview, 1);
      expect(review.message).toBe('This order has nothing to repay.');
    });

    it("another borrower's order, another product and no session", async () => {
      for (const [orderId, productId] of [
        [DEMO_ORDERS.repaying, '1'],
        [DEMO_SECOND_BORROWER_ORDER, '1'],
        [DEMO_ORDERS.repaying, '2'],
      ] as const) {
        const tok = orderId === DEMO_SECOND_BORROWER_ORDER ? MAIN : SECOND;
        const r = await call(ctx, VCODE, { productId, orderId, amount: '261375000', is_default: '1' }, { tok, lang: 'en' });
        expect(r.status).toBe(404);
        expect({ code: r.code, data: r.data, message: r.message }).toEqual(NOT_FOUND_EN);
      }
      const none = await call(
        ctx,
        VCODE,
        { productId: '1', orderId: DEMO_ORDERS.repaying, amount: '261375000', is_default: '1' },
        { lang: 'en' },
      );
      expect({ code: none.code, data: none.data, message: none.message }).toEqual(UNAUTHORIZED_EN);
    });
  });

  // Issue 14: /that's server rendering reads the code on file; a page GET must never issue or change a code.
  describe('vcode-on-file', () => {
    const onFile = byBca<OnFile>(ON_FILE);
    const rows = (orderNo: string) =>
      ctx.db.query<{ id: number; state: string; specific_num: string; expires_at: Date }>(
        'SELECT id, state, specific_num, expires_at FROM payments WHERE order_no = $1 ORDER BY id',
        [orderNo],
      );

    it('null before any code, and nothing is written; then exactly what generate-vcode answers again', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const none = await onFile(orderNo, amountDue, { specific_num: '2' });
      expect([none.status, none.code, none.data]).toEqual([200, '00', { code: null }]);
      expect(await rows(orderNo)).toEqual([]);
      const issued = await bca(orderNo, amountDue, { specific_num: '2' });
      const read = await onFile(orderNo, amountDue, { specific_num: '2' });
      const before = await rows(orderNo);
      const again = await bca(orderNo, amountDue, { specific_num: '2' });
      expect(read.data.code).toEqual(again.data);
      expect(read.data.code).toEqual(issued.data);
      expect(await rows(orderNo)).toEqual(before);
      vcodeOnFile.response.parse(read.data);
      // In Indonesian: the same code, its steps in Indonesian.
      const id = await call<OnFile>(
        ctx,
        ON_FILE,
        { productId: '1', orderId: orderNo, amount: String(amountDue), is_default: '0', pay_type: '1', payCode: 'BCA', specific_num: '2' },
        { tok: MAIN },
      );
      expect(id.data.code?.vcode).toBe(issued.data.vcode);
      expect((id.data.code?.payStep as { steps: string[] }[])[0]!.steps[0]).toBe('Buka m-BCA dan masuk ke akun Anda.');
    });

    it('null where generate-vcode would write: another channel number, another method, under an hour left; nothing changes', async () => {
      const { orderNo, amountDue } = await freshOrder();
      await bca(orderNo, amountDue, { specific_num: '2' });
      const before = await rows(orderNo);
      expect((await onFile(orderNo, amountDue, { specific_num: '3' })).data).toEqual({ code: null });
      expect((await onFile(orderNo, amountDue, { pay_type: '2', payCode: 'ALFAMART' })).data).toEqual({ code: null });
      ctx.clock.advance(23.5 * HOUR_MS);
      try {
        expect((await onFile(orderNo, amountDue, { specific_num: '2' })).data).toEqual({ code: null });
      } finally {
        ctx.clock.set(START);
      }
      expect(await rows(orderNo)).toEqual(before);
      expect(before.map((r) => [r.state, r.specific_num])).toEqual([['pending', '2']]);
    });

    it("is_default 1: the code of the borrower's last method", async () => {
      const { fresh, orderNo, amountDue } = await newBorrowerOrder();
      const request = { productId: '1', orderId: orderNo, amount: String(amountDue), is_default: '1' };
      expect((await call<OnFile>(ctx, ON_FILE, request, { tok: fresh.tok })).data).toEqual({ code: null });
      const issued = await call<Va>(ctx, VCODE, request, { tok: fresh.tok });
      expect(issued.data).toMatchObject({ payCode: 'BCA', specificNum: '1' });
      expect((await call<OnFile>(ctx, ON_FILE, request, { tok: fresh.tok })).data.code).toEqual(issued.data);
    });

    it('20 at once: the same answer each time, nothing written', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const issued = await bca(orderNo, amountDue);
      const before = await rows(orderNo);
      const answers = await Promise.all(Array.from({ length: 20 }, () => onFile(orderNo, amountDue)));
      expect(new Set(answers.map((a) => a.data.code?.vcode))).toEqual(new Set([issued.data.vcode]));
      expect(await rows(orderNo)).toEqual(before);
    });

    it("generate-vcode's refusals: another amount, nothing to repay, another borrower, no session", async () => {
      const wrong = await onFile(REPAYABLE, 261_374_999);
      expect([wrong.status, wrong.code, wrong.message]).toEqual([
        409,
        'PAYMENT_REFUSED',
        'The amount does not match what this order asks now (₹2,613,750). Please refresh the page and try again.',
      ]);
      expect((await onFile(DEMO_ORDERS.settled, 1)).message).toBe('This order has nothing to repay.');
      const theirs = await onFile(DEMO_SECOND_BORROWER_ORDER, 1);
      expect([theirs.status, { code: theirs.code, data: theirs.data, message: theirs.message }]).toEqual([404, NOT_FOUND_EN]);
      const none = await call(ctx, ON_FILE, { productId: '1', orderId: REPAYABLE, amount: '261375000', is_default: '1' }, { lang: 'en' });
      expect({ code: none.code, data: none.data, message: none.message }).toEqual(UNAUTHORIZED_EN);
    });
  });

  // Issue 33: /that's server rendering issues the first visit's code (generate-vcode's transaction and rules), answers
  // the same code on every later load, and never replaces another live code of the order.
  describe('vcode-for-page', () => {
    const rows = (orderNo: string) =>
      ctx.db.query<{ id: number; state: string; vcode: string }>('SELECT id, state, vcode FROM payments WHERE order_no = $1 ORDER BY id', [
        orderNo,
      ]);
    const firstVisit = (orderNo: string, amount: number): Record<string, string> => ({
      productId: '1',
      orderId: orderNo,
      amount: String(amount),
      is_default: '1',
    });
    type ForPage = ResponseOf<typeof vcodeForPage>;

    it("a first visit issues generate-vcode's code; later loads and generate-vcode answer that code again, nothing new written", async () => {
      const { fresh, orderNo, amountDue } = await newBorrowerOrder();
      const request = firstVisit(orderNo, amountDue);
      const first = await call<ForPage>(ctx, FOR_PAGE, request, { tok: fresh.tok, lang: 'en' });
      expect([first.status, first.code]).toEqual([200, '00']);
      vcodeForPage.response.parse(first.data);
      expect(first.data.code).toMatchObject({ payCode: 'BCA', specificNum: '1', amount: amountDue, state: 'pending', repayType: 'full' });
      const after = await rows(orderNo);
      expect(after.map((r) => [r.state, r.vcode])).toEqual([['pending', first.data.code!.vcode]]);
      for (let i = 0; i < 3; i++) {
        expect((await call<ForPage>(ctx, FOR_PAGE, request, { tok: fresh.tok, lang: 'en' })).data).toEqual(first.data);
      }
      // The browser's own call (and a tap on the page) gets the same code.
      expect((await call<Va>(ctx, VCODE, request, { tok: fresh.tok, lang: 'en' })).data).toEqual(first.data.code);
      expect((await call<OnFile>(ctx, ON_FILE, request, { tok: fresh.tok, lang: 'en' })).data).toEqual(first.data);
      expect(await rows(orderNo)).toEqual(after);
    });

    it('20 first loads at once, and 20 generate-vcode taps at once: one code each time', async () => {
      const { fresh, orderNo, amountDue } = await newBorrowerOrder();
      const request = firstVisit(orderNo, amountDue);
      const pages = await Promise.all(
        Array.from({ length: 20 }, () => call<ForPage>(ctx, FOR_PAGE, request, { tok: fresh.tok, lang: 'en' })),
      );
      expect(pages.map((p) => p.code)).toEqual(Array(20).fill('00'));
      expect(new Set(pages.map((p) => p.data.code?.vcode)).size).toBe(1);
      expect((await rows(orderNo)).map((r) => [r.state, r.vcode])).toEqual([['pending', pages[0]!.data.code!.vcode]]);

      const second = await newBorrowerOrder();
      const taps = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? call<Va>(ctx, VCODE, firstVisit(second.orderNo, second.amountDue), { tok: second.fresh.tok })
            : call<ForPage>(ctx, FOR_PAGE, firstVisit(second.orderNo, second.amountDue), { tok: second.fresh.tok }),
        ),
      );
      const codes = taps.map((t, i) => (i % 2 === 0 ? (t.data as Va).vcode : (t.data as ForPage).code?.vcode));
      expect(new Set(codes).size).toBe(1);
      expect((await rows(second.orderNo)).map((r) => r.state)).toEqual(['pending']);
    });

    it('never replaces a live code: another method, or the same one with under an hour left, is null and nothing changes', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const issued = await bca(orderNo, amountDue);
      const before = await rows(orderNo);
      const other = await call<ForPage>(
        ctx,
        FOR_PAGE,
        { productId: '1', orderId: orderNo, amount: String(amountDue), is_default: '0', pay_type: '2', payCode: 'ALFAMART' },
        { tok: MAIN },
      );
      expect([other.status, other.code, other.data]).toEqual([200, '00', { code: null }]);
      ctx.clock.advance(23.5 * HOUR_MS);
      try {
        const late = await call<ForPage>(
          ctx,
          FOR_PAGE,
          { productId: '1', orderId: orderNo, amount: String(amountDue), is_default: '0', pay_type: '1', payCode: 'BCA' },
          { tok: MAIN },
        );
        expect(late.data).toEqual({ code: null });
      } finally {
        ctx.clock.set(START);
      }
      expect(await rows(orderNo)).toEqual(before);
      expect(before.map((r) => [r.state, r.vcode])).toEqual([['pending', issued.data.vcode]]);
    });

    it("generate-vcode's refusals, nothing written: an early full repayment (both languages), another amount, another borrower, no session", async () => {
      const request = { productId: '1', orderId: DEMO_ORDERS.repaying, amount: '261375000', is_default: '1' };
      const early =
        'Early repayment is possible from 2026-03-18: half of the loan term must have passed and at least 7 days since the loan was disbursed.';
      const en = await call(ctx, FOR_PAGE, request, { tok: MAIN, lang: 'en' });
      expect([en.status, en.code, en.data, en.message]).toEqual([409, 'EARLY_REPAYMENT', null, early]);
      const id = await call(ctx, FOR_PAGE, request, { tok: MAIN });
      expect([id.status, id.code, id.message]).toEqual([
        409,
        'EARLY_REPAYMENT',
        'Pelunasan lebih awal dapat dilakukan mulai 2026-03-18: separuh jangka waktu pinjaman harus sudah berlalu dan minimal 7 hari sejak pinjaman dicairkan.',
      ]);
      expect(await rows(DEMO_ORDERS.repaying)).toEqual([]);
      const { orderNo, amountDue } = await freshOrder();
      const wrong = await call(ctx, FOR_PAGE, { ...request, orderId: orderNo, amount: String(amountDue - 1) }, { tok: MAIN, lang: 'en' });
      expect([wrong.status, wrong.code]).toEqual([409, 'PAYMENT_REFUSED']);
      expect(await rows(orderNo)).toEqual([]);
      const theirs = await call(ctx, FOR_PAGE, { ...request, orderId: DEMO_SECOND_BORROWER_ORDER }, { tok: MAIN, lang: 'en' });
      expect([theirs.status, { code: theirs.code, data: theirs.data, message: theirs.message }]).toEqual([404, NOT_FOUND_EN]);
      const none = await call(ctx, FOR_PAGE, { ...request, orderId: orderNo, amount: String(amountDue) }, { lang: 'en' });
      expect({ code: none.code, data: none.data, message: none.message }).toEqual(UNAUTHORIZED_EN);
      expect(await rows(orderNo)).toEqual([]);
    });
  });

  describe('signed callbacks', () => {
    it('a forged callback (wrong secret, no signature, body changed after signing) is refused and applies nothing', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const va = await bca(orderNo, amountDue);
      const p = await paymentByVcode(ctx, va.data.vcode);
      const raw = JSON.stringify(
        eventBody({ reference: p.reference, vcode: va.data.vcode, channel: 'BCA', amount: amountDue, paidAt: START }),
      );
      const refused = { code: 'UNAUTHORIZED', data: null, message: 'The callback signature is missing or invalid.' };
      const wrongSecret = await postCallback(ctx, raw, { secret: 'someone-else-s-secret-value', lang: 'en' });
      expect(wrongSecret.status).toBe(401);
      expect({ code: wrongSecret.code, data: wrongSecret.data, message: wrongSecret.message }).toEqual(refused);
      const missing = await postCallback(ctx, raw, { signature: null, lang: 'en' });
      expect([missing.status, missing.message]).toEqual([401, refused.message]);
      const garbage = await postCallback(ctx, raw, { signature: 'sha256=00', lang: 'en' });
      expect([garbage.status, garbage.message]).toEqual([401, refused.message]);
      // Signed, then tampered with: a lower amount.
      const signature = signSandboxBody(DEV_PAYMENT_WEBHOOK_SECRET, raw);
      const tampered = raw.replace(`"amount":${amountDue}`, '"amount":1');
      expect(tampered).not.toBe(raw);
      const changed = await postCallback(ctx, tampered, { signature, lang: 'en' });
      expect([changed.status, changed.code]).toEqual([401, 'UNAUTHORIZED']);
      const row = await orderRow(ctx, orderNo);
      expect([row.status, row.paid_amount]).toEqual([170, 0]);
      expect((await paymentsOf(ctx, orderNo)).map((x) => x.state)).toEqual(['pending']);
      expect(await eventsOf(ctx, orderNo)).toEqual([]);
    });

    it('a good callback settles the order once; redelivered, it is answered "already applied" and changes nothing', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const va = await bca(orderNo, amountDue);
      const p = await paymentByVcode(ctx, va.data.vcode);
      const raw = JSON.stringify(
        eventBody({ reference: p.reference, vcode: va.data.vcode, channel: 'BCA', amount: amountDue, paidAt: START }),
      );
      const first = await postCallback(ctx, raw, { lang: 'en' });
      expect(first.status).toBe(200);
      expect({ code: first.code, data: first.data, message: first.message }).toEqual({
        code: '00',
        data: { applied: true, reference: p.reference, orderStatus: 200 },
        message: 'Payment applied.',
      });
      for (let i = 0; i < 3; i++) {
        const replay = await postCallback(ctx, raw, { lang: 'en' });
        expect(replay.status).toBe(200);
        expect({ code: replay.code, data: replay.data, message: replay.message }).toEqual({
          code: '00',
          data: { applied: false, reference: p.reference, orderStatus: 200 },
          message: 'This payment was already applied.',
        });
      }
      const row = await orderRow(ctx, orderNo);
      expect([row.status, row.paid_amount]).toEqual([200, amountDue]);
      expect(await eventsOf(ctx, orderNo)).toHaveLength(1);
      expect((await paymentsOf(ctx, orderNo)).map((x) => x.state)).toEqual(['paid']);
    });

    it('a second payment on a code already paid (another event id) is recorded and held, never dropped', async () => {
      const { orderNo, amountDue } = await freshOrder();
      expect(amountDue).toBe(104_550_000);
      const va = await bca(orderNo, amountDue);
      const p = await paymentByVcode(ctx, va.data.vcode);
      const paid = (paidAt: Date) =>
        JSON.stringify(eventBody({ reference: p.reference, vcode: va.data.vcode, channel: 'BCA', amount: amountDue, paidAt }));
      expect((await postCallback(ctx, paid(START), { lang: 'en' })).data).toEqual({
        applied: true,
        reference: p.reference,
        orderStatus: 200,
      });
      // The borrower paid the same code again (the provider took it twice): money received, the order owes nothing.
      const second = paid(new Date(START.getTime() + HOUR_MS));
      const again = await postCallback(ctx, second, { lang: 'en' });
      expect([again.status, again.code, again.data, again.message]).toEqual([
        200,
        '00',
        { applied: true, reference: p.reference, orderStatus: 200 },
        'Payment received. ₹1,045,500 could not be applied to the loan and is held for review by our team.',
      ]);
      // Delivered again, the second payment is a repeat like any event.
      expect((await postCallback(ctx, second, { lang: 'en' })).data).toEqual({ applied: false, reference: p.reference, orderStatus: 200 });
      const row = await orderRow(ctx, orderNo);
      expect([row.status, row.paid_amount]).toEqual([200, amountDue]);
      expect(await eventsOf(ctx, orderNo)).toHaveLength(2);
      const ledger = await ctx.db.query<{ amount: number; unapplied: number }>(
        'SELECT amount, unapplied FROM ledger_entries WHERE order_no = $1 ORDER BY id',
        [orderNo],
      );
      expect(ledger).toEqual([
        { amount: amountDue, unapplied: 0 },
        { amount: amountDue, unapplied: amountDue },
      ]);
      const funds = await ctx.db.query<{ amount: number; reason: string; state: string }>(
        'SELECT amount, reason, state FROM unapplied_funds WHERE order_no = $1',
        [orderNo],
      );
      expect(funds).toEqual([{ amount: amountDue, reason: 'code_already_paid', state: 'open' }]);
      // The code keeps its first payment: one payment row, paid at the first event's time.
      const payments = await ctx.db.query<{ state: string; paid_at: Date }>('SELECT state, paid_at FROM payments WHERE order_no = $1', [
        orderNo,
      ]);
      expect(payments.map((x) => [x.state, x.paid_at.toISOString()])).toEqual([['paid', START.toISOString()]]);
    });

    it('the same callback delivered twice at once is applied once', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const va = await bca(orderNo, amountDue);
      const p = await paymentByVcode(ctx, va.data.vcode);
      const raw = JSON.stringify(
        eventBody({ reference: p.reference, vcode: va.data.vcode, channel: 'BCA', amount: amountDue, paidAt: START }),
      );
      const results = await Promise.all([postCallback(ctx, raw), postCallback(ctx, raw), postCallback(ctx, raw)]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(results.filter((r) => (r.data as { applied: boolean }).applied)).toHaveLength(1);
      expect((await orderRow(ctx, orderNo)).paid_amount).toBe(amountDue);
      expect(await eventsOf(ctx, orderNo)).toHaveLength(1);
    });

    it('refuses a mismatched code, an unknown bill and a malformed event, and records nothing', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const va = await bca(orderNo, amountDue);
      const p = await paymentByVcode(ctx, va.data.vcode);
      const send = (over: Partial<Parameters<typeof eventBody>[0]>) =>
        postCallback(
          ctx,
          JSON.stringify(
            eventBody({ reference: p.reference, vcode: va.data.vcode, channel: 'BCA', amount: amountDue, paidAt: START, ...over }),
          ),
          { lang: 'en' },
        );
      // The event names another code or channel than the bill: a provider error, refused (the provider retries).
      const mismatch = await send({ vcode: '39358000000000000' });
      expect(mismatch.status).toBe(409);
      expect({ code: mismatch.code, data: mismatch.data, message: mismatch.message }).toEqual(
        REFUSED('The payment event does not match the payment code.'),
      );
      const channel = await send({ channel: 'BNI' });
      expect([channel.status, channel.message]).toEqual([409, 'The payment event does not match the payment code.']);
      const unknown = await send({ reference: 'LVP20260302AAAAAAAAAAAA' });
      expect([unknown.status, unknown.code]).toEqual([404, 'NOT_FOUND']);
      // Signed but not an event.
      const malformed = await postCallback(ctx, JSON.stringify({ hello: 'world' }), { lang: 'en' });
      expect([malformed.status, malformed.code, malformed.message]).toEqual([
        400,
        'BAD_REQUEST',
        'The callback body is not a valid payment event.',
      ]);
      // Not JSON at all: 415 before anything.
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/payments/sandbox/callback',
        payload: 'a=1',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-sandbox-signature': signSandboxBody(DEV_PAYMENT_WEBHOOK_SECRET, 'a=1'),
        },
      });
      expect(form.statusCode).toBe(415);
      expect((await orderRow(ctx, orderNo)).status).toBe(170);
      expect((await paymentsOf(ctx, orderNo)).map((x) => x.state)).toEqual(['pending']);
      expect(await eventsOf(ctx, orderNo)).toEqual([]);
      // paidAt later than our clock is taken as our clock: still in time, applied.
      const late = await send({ paidAt: new Date(START.getTime() + 25 * HOUR_MS) });
      expect([late.status, late.data]).toEqual([200, { applied: true, reference: p.reference, orderStatus: 200 }]);
    });
  });

  describe('simulate (demo mode)', () => {
    it('pays DEMO-HALF through the signed callback path: the order is settled (200) and loan details show it', async () => {
      const va = await bca(REPAYABLE, 261_375_000);
      const r = await call<{ applied: boolean; orderStatus: number }>(ctx, SIMULATE, { vcode: va.data.vcode }, { lang: 'en' });
      expect(r.status).toBe(200);
      expect({ code: r.code, data: r.data, message: r.message }).toEqual({
        code: '00',
        data: { applied: true, orderStatus: 200 },
        message: 'Payment applied.',
      });
      const again = await call(ctx, SIMULATE, { vcode: va.data.vcode }, { lang: 'en' });
      expect({ code: again.code, data: again.data, message: again.message }).toEqual({
        code: '00',
        data: { applied: false, orderStatus: 200 },
        message: 'This payment was already applied.',
      });
      const details = await call<Details>(ctx, DETAIL, { productId: '1', orderId: REPAYABLE }, { tok: MAIN, lang: 'en' });
      expect(details.data).toMatchObject({ orderStatus: 200, amount: 0, noticeStatusText: 'Settled', isScore: 1 });
      expect(details.data.userOrderDetail.detail.at(-1)).toEqual({ text: 'Settled on', value: '2026-03-02' });
      const row = await orderRow(ctx, REPAYABLE);
      expect([row.status, row.paid_amount]).toEqual([200, 261_375_000]);
      // Nothing left to pay: a new code is refused.
      expect((await bca(REPAYABLE, 261_375_000)).message).toBe('This order has nothing to repay.');
    });

    it('more than the code asks: the order is settled and the rest is held; an unknown code is not found', async () => {
      const { orderNo, amountDue } = await freshOrder();
      const va = await alfamart(orderNo, amountDue);
      const over = await call(ctx, SIMULATE, { vcode: va.data.vcode, amount: String(amountDue + 100) }, { lang: 'en' });
      expect([over.status, over.code, over.data, over.message]).toEqual([
        200,
        '00',
        { applied: true, orderStatus: 200 },
        'Payment received. ₹1 could not be applied to the loan and is held for review by our team.',
      ]);
      expect((await orderRow(ctx, orderNo)).paid_amount).toBe(amountDue);
      const unknown = await call(ctx, SIMULATE, { vcode: '889099999999999' }, { lang: 'en' });
      expect({ code: unknown.code, data: unknown.data, message: unknown.message }).toEqual(NOT_FOUND_EN);
      const bad = await call(ctx, SIMULATE, { vcode: '1' }, { lang: 'en' });
      expect([bad.status, bad.message]).toEqual([400, 'Invalid value for field: vcode.']);
    });
  });

  describe('instalments (DEMO-INST)', () => {
    it('loan-play-detail: four unpaid instalments in order, only the first clickable', async () => {
      const r = await call<Plan>(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.instalments }, { tok: MAIN, lang: 'en' });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({
        productName: 'LendView Cepat',
        repayWaitCount: 4,
        // Only the first can be paid today: "several at once" is not said (issue 40).
        note: 'Instalments are paid in order, the earliest first, each once its period has begun.',
        repayPlanDetail: {
          repayWaitDetail: [
            {
              periodNo: 1,
              totalAmount: 106_000_000,
              canClick: 1,
              periodStatus: 0,
              repayDes: 'Principal ₹1,000,000 + interest ₹60,000',
              dueTime: '2026-03-27',
            },
            {
              periodNo: 2,
              totalAmount: 106_000_000,
              canClick: 0,
              periodStatus: 0,
              repayDes: 'Principal ₹1,000,000 + interest ₹60,000',
              dueTime: '2026-04-26',
            },
            {
              periodNo: 3,
              totalAmount: 106_000_000,
              canClick: 0,
              periodStatus: 0,
              repayDes: 'Principal ₹1,000,000 + interest ₹60,000',
              dueTime: '2026-05-26',
            },
            {
              periodNo: 4,
              totalAmount: 106_000_000,
              canClick: 0,
              periodStatus: 0,
              repayDes: 'Principal ₹1,000,000 + interest ₹60,000',
              dueTime: '2026-06-25',
            },
          ],
          repayYetDetail: [],
        },
      });
      loanPlayDetail.response.parse(r.data);
    });

    it('paying one instalment leaves the rest: 500 while its code is live, then paid; the order stays repaying', async () => {
      const tooMany = await bca(DEMO_ORDERS.instalments, 530_000_000, { repayType: 'installment', periods: '5' });
      expect([tooMany.status, tooMany.message]).toEqual([409, 'You can pay 1 to 4 instalments.']);
      // Two instalments would pay period 2 ahead (an early prepayment on day 5, test/early-repayment.test.ts): the
      // amount check is shown on one instalment paid with the sum of two.
      const wrongSum = await bca(DEMO_ORDERS.instalments, 212_000_000, { repayType: 'installment', periods: '1' });
      expect(wrongSum.message).toBe(
        'The amount does not match what this order asks now (₹1,060,000). Please refresh the page and try again.',
      );
      const va = await bca(DEMO_ORDERS.instalments, 106_000_000, { repayType: 'installment', periods: '1' });
      expect(va.data).toMatchObject({ amount: 106_000_000, repayType: 'installment', state: 'pending' });
      const waiting = await call<Plan>(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.instalments }, { tok: MAIN, lang: 'en' });
      expect(waiting.data.repayPlanDetail.repayWaitDetail[0]).toMatchObject({
        periodNo: 1,
        periodStatus: 500,
        repayDes: 'Payment being confirmed',
        canClick: 1,
      });
      expect(waiting.data.repayPlanDetail.repayWaitDetail[1]).toMatchObject({ periodNo: 2, periodStatus: 0 });

      const paid = await call<{ applied: boolean; orderStatus: number }>(ctx, SIMULATE, { vcode: va.data.vcode });
      expect(paid.data).toEqual({ applied: true, orderStatus: 170 });
      const after = await call<Plan>(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.instalments }, { tok: MAIN, lang: 'en' });
      expect(after.data.repayWaitCount).toBe(3);
      // Instalment 2's period begins on 2026-03-28 (the day after instalment 1's due date): on day 5 it would be
      // paid ahead, which spec 9 refuses, so it is not offered (issue 40 item 3: it was, and Pay now was refused).
      expect(after.data.repayPlanDetail.repayWaitDetail.map((i) => [i.periodNo, i.canClick, i.periodStatus])).toEqual([
        [2, 0, 0],
        [3, 0, 0],
        [4, 0, 0],
      ]);
      expect(after.data.repayPlanDetail.repayWaitDetail[0]!.repayDes).toBe('You can pay this instalment from 2026-03-28.');
      const ahead = await bca(DEMO_ORDERS.instalments, 106_000_000, { repayType: 'installment', periods: '1' });
      expect([ahead.status, ahead.code]).toEqual([409, 'EARLY_REPAYMENT']);
      expect(after.data.repayPlanDetail.repayYetDetail).toEqual([
        { periodNo: 1, totalAmount: 106_000_000, canClick: 0, periodStatus: 2, repayDes: 'Paid on 2026-03-02', dueTime: '2026-03-27' },
      ]);
      const row = await orderRow(ctx, DEMO_ORDERS.instalments);
      expect([row.status, row.paid_amount, row.settled_at]).toEqual([170, 106_000_000, null]);
      const details = await call<Details>(ctx, DETAIL, { productId: '1', orderId: DEMO_ORDERS.instalments }, { tok: MAIN, lang: 'en' });
      expect(details.data.amount).toBe(318_000_000);
      expect(details.data.noticeDesText).toBe('Your next instalment of ₹1,060,000 is due on 2026-04-26.');
      // In Indonesian.
      const id = await call<Plan>(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.instalments }, { tok: MAIN });
      expect(id.data.repayPlanDetail.repayYetDetail[0]!.repayDes).toBe('Dibayar pada 2026-03-02');
      expect(id.data.repayPlanDetail.repayWaitDetail[0]!.repayDes).toBe('Cicilan ini dapat dibayar mulai 2026-03-28.');
      expect(id.data.note).toBe('Cicilan dibayar berurutan, mulai dari yang paling awal, masing-masing setelah periodenya dimulai.');
    });

    it('paying the remaining instalments at once settles the order', async () => {
      // On day 5 of 120 they are paid ahead: spec 9 refuses it (EARLY_REPAYMENT) until half the term has passed.
      const early = await alfamart(DEMO_ORDERS.instalments, 318_000_000, { repayType: 'installment', periods: '3' });
      expect([early.status, early.code]).toEqual([409, 'EARLY_REPAYMENT']);
      // The same loan disbursed 60 days earlier (past half its term) may pay them.
      await ctx.db.query(`UPDATE orders SET disbursed_at = disbursed_at - interval '60 days' WHERE order_no = $1`, [
        DEMO_ORDERS.instalments,
      ]);
      // Now all three can be paid today, and the plan says so.
      const open = await call<Plan>(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.instalments }, { tok: MAIN, lang: 'en' });
      expect(open.data.repayPlanDetail.repayWaitDetail.map((i) => i.canClick)).toEqual([1, 1, 1]);
      expect(open.data.note).toBe('Instalments are paid in order, the earliest first. You can pay several at once.');
      const va = await alfamart(DEMO_ORDERS.instalments, 318_000_000, { repayType: 'installment', periods: '3' });
      const paid = await call<{ applied: boolean; orderStatus: number }>(ctx, SIMULATE, { vcode: va.data.vcode });
      expect(paid.data).toEqual({ applied: true, orderStatus: 200 });
      const plan = await call<Plan>(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.instalments }, { tok: MAIN, lang: 'en' });
      expect(plan.data.repayWaitCount).toBe(0);
      expect(plan.data.repayPlanDetail.repayYetDetail.map((i) => i.periodNo)).toEqual([1, 2, 3, 4]);
      expect(plan.data.note).toBe('All instalments are paid. Thank you!');
      expect((await orderRow(ctx, DEMO_ORDERS.instalments)).paid_amount).toBe(424_000_000);
    });

    it('not an instalment order, another borrower, no session', async () => {
      const single = await call(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.dueSoon }, { tok: MAIN, lang: 'en' });
      expect([single.status, single.code, single.message]).toEqual([409, 'PAYMENT_REFUSED', 'This order is not an instalment loan.']);
      const other = await call(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.instalments }, { tok: SECOND, lang: 'en' });
      expect({ code: other.code, data: other.data, message: other.message }).toEqual(NOT_FOUND_EN);
      const none = await call(ctx, PLAN, { productId: '1', orderId: DEMO_ORDERS.instalments }, { lang: 'en' });
      expect(none.status).toBe(401);
      const missing = await call(ctx, PLAN, { productId: '1' }, { tok: MAIN, lang: 'en' });
      expect(missing.message).toBe('Missing required field: orderId.');
    });
  });

  describe('extension (delay)', () => {
    it('delay-detail of DEMO-174: the fee, the new due date, rows without empty or zero values', async () => {
      const r = await call<Delay>(ctx, DELAY, { productId: '1', orderId: DEMO_ORDERS.dueSoon }, { tok: MAIN, lang: 'en' });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({
        productName: 'LendView Cepat',
        delayShouldPayAmount: 15_000_000,
        delayExpiryTime: '2026-03-11',
        delayDays: 7,
        telephone: SUPPORT.phone,
      });
      expect(r.data.orderDetail.detail).toEqual([
        { text: 'Extension fee', value: '₹150,000' },
        { text: 'Extension', value: '7 days' },
        { text: 'Current due date', value: '2026-03-04' },
        { text: 'New due date', value: '2026-03-11' },
        { text: 'Loan amount', value: '₹1,000,000' },
        { text: 'Still to repay by the new due date', value: '₹1,045,500' },
      ]);
      delayDetail.response.parse(r.data);
    });

    it('delay-detail of DEMO-180 (40 days late): the fee includes the late charges owed now, capped', async () => {
      const r = await call<Delay>(ctx, DELAY, { productId: '1', orderId: DEMO_ORDERS.overdue }, { tok: MAIN });
      // Rp 180.000 fee + Rp 800 penalty + Rp 1.199.200 late interest (capped at the principal, Rp 1.200.000).
      expect(r.data).toMatchObject({ delayShouldPayAmount: 138_000_000, delayExpiryTime: '2026-03-09', delayDays: 7 });
      expect(r.data.orderDetail.detail).toEqual([
        { text: 'Biaya perpanjangan', value: 'Rp 180.000' },
        { text: 'Denda keterlambatan', value: 'Rp 800' },
        { text: 'Bunga keterlambatan', value: 'Rp 1.199.200' },
        { text: 'Perpanjangan', value: '7 hari' },
        { text: 'Tanggal jatuh tempo saat ini', value: '2026-01-21' },
        { text: 'Tanggal jatuh tempo baru', value: '2026-03-09' },
        { text: 'Jumlah pinjaman', value: 'Rp 1.200.000' },
        { text: 'Sisa tagihan pada jatuh tempo baru', value: 'Rp 1.254.600' },
        // Issue 11: the cap is stated where late charges are shown.
        { text: 'Batas biaya keterlambatan', value: '100% dari pokok pinjaman (Rp 1.200.000)' },
      ]);
    });

    it('only for orders with isDelay 1; another borrower; no session', async () => {
      const no = await call(ctx, DELAY, { productId: '1', orderId: DEMO_ORDERS.legacyRepaying }, { tok: MAIN, lang: 'en' });
      expect([no.status, no.code, no.message]).toEqual([409, 'PAYMENT_REFUSED', 'This order cannot be extended.']);
      const noId = await call(ctx, DELAY, { productId: '1', orderId: DEMO_ORDERS.legacyRepaying }, { tok: MAIN });
      expect(noId.message).toBe('Pesanan ini tidak dapat diperpanjang.');
      const other = await call(ctx, DELAY, { productId: '1', orderId: DEMO_ORDERS.dueSoon }, { tok: SECOND, lang: 'en' });
      expect({ code: other.code, data: other.data, message: other.message }).toEqual(NOT_FOUND_EN);
      const none = await call(ctx, DELAY, { productId: '1', orderId: DEMO_ORDERS.dueSoon }, {});
      expect(none.status).toBe(401);
      const missing = await call(ctx, DELAY, { orderId: DEMO_ORDERS.dueSoon }, { tok: MAIN, lang: 'en' });
      expect([missing.status, missing.message]).toEqual([400, 'Missing required field: productId.']);
    });

    it('paying the extension of DEMO-174 moves the due date by 7 days and the order back to 170', async () => {
      const va = await bca(DEMO_ORDERS.dueSoon, 15_000_000, { repayType: 'delay' });
      expect(va.data).toMatchObject({ amount: 15_000_000, repayType: 'delay' });
      const paid = await call<{ applied: boolean; orderStatus: number }>(ctx, SIMULATE, { vcode: va.data.vcode });
      expect(paid.data).toEqual({ applied: true, orderStatus: 170 });
      const row = await orderRow(ctx, DEMO_ORDERS.dueSoon);
      expect(row).toMatchObject({
        status: 170,
        due_date: '2026-03-11',
        paid_amount: 0,
        extension_fees_paid: 15_000_000,
        extension_count: 1,
      });
      const details = await call<Details>(ctx, DETAIL, { productId: '1', orderId: DEMO_ORDERS.dueSoon }, { tok: MAIN, lang: 'en' });
      expect(details.data).toMatchObject({
        orderStatus: 170,
        amount: 104_550_000,
        noticeDesText: 'Please repay ₹1,045,500 by 2026-03-11.',
      });
      // A second extension is offered from the new date.
      const next = await call<Delay>(ctx, DELAY, { productId: '1', orderId: DEMO_ORDERS.dueSoon }, { tok: MAIN, lang: 'en' });
      expect(next.data).toMatchObject({ delayShouldPayAmount: 15_000_000, delayExpiryTime: '2026-03-18' });
      expect(next.data.orderDetail.detail.at(-1)).toEqual({ text: 'Extensions taken', value: '1' });
    });

    it('paying the extension of DEMO-180 settles its late charges: due 7 days from today, 170, and the cap stays spent', async () => {
      const va = await alfamart(DEMO_ORDERS.overdue, 138_000_000, { repayType: 'delay' });
      const paid = await call<{ applied: boolean; orderStatus: number }>(ctx, SIMULATE, { vcode: va.data.vcode });
      expect(paid.data).toEqual({ applied: true, orderStatus: 170 });
      const row = await orderRow(ctx, DEMO_ORDERS.overdue);
      expect(row).toMatchObject({
        status: 170,
        due_date: '2026-03-09',
        paid_amount: 0,
        late_penalty_paid: 80_000,
        late_interest_paid: 119_920_000,
        extension_fees_paid: 18_000_000,
      });
      const now = await call<Details>(ctx, DETAIL, { productId: '1', orderId: DEMO_ORDERS.overdue }, { tok: MAIN, lang: 'en' });
      expect(now.data).toMatchObject({ orderStatus: 170, amount: 125_460_000 });
      // Late again 5 days after the new due date: no second penalty, and the cap (Rp 1.200.000) is already
      // used up by what was paid, so nothing more is added.
      ctx.clock.set(new Date('2026-03-14T03:00:00.000Z'));
      try {
        const later = await call<Details>(ctx, DETAIL, { productId: '1', orderId: DEMO_ORDERS.overdue }, { tok: MAIN, lang: 'en' });
        expect(later.data.amount).toBe(125_460_000);
        const full = await bca(DEMO_ORDERS.overdue, 125_460_000);
        expect(full.data).toMatchObject({ amount: 125_460_000, repayType: 'full' });
      } finally {
        ctx.clock.set(START);
      }
    });
  });

  it("another borrower's order answers exactly like a missing one on every endpoint", async () => {
    const fields = { productId: '1', orderId: DEMO_ORDERS.legacyOverdue };
    const calls: [string, Record<string, string>][] = [
      [INIT, { ...fields, pay_type: '1' }],
      [VCODE, { ...fields, amount: '235317500', is_default: '1' }],
      [ON_FILE, { ...fields, amount: '235317500', is_default: '1' }],
      [DELAY, fields],
      [PLAN, fields],
      [DETAIL, fields],
    ];
    for (const [path, body] of calls) {
      const theirs = await call(ctx, path, body, { tok: SECOND, lang: 'en' });
      const missing = await call(ctx, path, { ...body, orderId: 'NO-SUCH-ORDER' }, { tok: SECOND, lang: 'en' });
      expect([path, theirs.status, theirs.res.body]).toEqual([path, 404, missing.res.body]);
      expect({ code: theirs.code, data: theirs.data, message: theirs.message }).toEqual(NOT_FOUND_EN);
    }
  });
});

describe('environment: the payment webhook secret', () => {
  it('is required outside demo mode, has a development default in demo mode, and must be long enough', () => {
    expect(() => loadEnv({})).toThrow(EnvError);
    expect(() => loadEnv({})).toThrow(/PAYMENT_WEBHOOK_SECRET: required outside demo mode/);
    expect(loadEnv({ DEMO_MODE: '1' }).paymentWebhookSecret).toBe(DEV_PAYMENT_WEBHOOK_SECRET);
    // CARD_FINGERPRINT_SECRET: required outside demo mode too (card binding, docs/repayment.md).
    expect(loadEnv({ PAYMENT_WEBHOOK_SECRET: 'x'.repeat(32), CARD_FINGERPRINT_SECRET: 'y'.repeat(32) }).paymentWebhookSecret).toBe(
      'x'.repeat(32),
    );
    expect(() => loadEnv({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(/at least 16 characters/);
  });
});
