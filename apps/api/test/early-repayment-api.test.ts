import { CARD_REPAYMENT, delayDetail, generateVcode, loanDetails, type ResponseOf } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import { SETTING } from '../src/repositories/settings.ts';
import { MAIN, call } from './helpers/calls.ts';
import { addOrder, borrowerIdOf, orderRow, paymentsOf } from './helpers/repay.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { DEMO_BANK_CARDS, DEMO_ORDERS, DEMO_PAST_HALF_TERM_ORDER } from '../src/db/demo/index.ts';

// Spec 9 early prepayment through the API (issue 11 item 5), the extension comparison (item 6) and the late-charge
// cap in the texts (item 8). Rules and day boundaries: test/early-repayment.test.ts; docs/repayment.md.
// The suite clock is 2026-03-02T03:00Z = 2026-03-02 10:00 Jakarta. DEMO-170: 91 days, disbursed 2026-01-31 (day 30):
// early repayment from 2026-03-18. DEMO-INST: 120 days, disbursed 2026-02-25: from 2026-04-26. DEMO-3 (legacy): 91 days,
// disbursed 2026-01-11: from 2026-02-26. DEMO-HALF: 91 days, disbursed 2026-01-01: from 2026-02-16.

const VCODE = '/v3/loan-details/generate-vcode';
const DETAIL = '/v3/loan-details/detail';
const DELAY = '/v3/loan-details/delay-detail';
const SIMULATE = '/dev/payments/simulate';
const COMMIT = `${CARD_REPAYMENT}/repayment-commit`;
const HUICHAO = `${CARD_REPAYMENT}/repayment-huichao`;
const START = new Date('2026-03-02T03:00:00.000Z');

type Va = ResponseOf<typeof generateVcode>;
type Details = ResponseOf<typeof loanDetails>;
type Delay = ResponseOf<typeof delayDetail>;

const EARLY_EN = (date: string) => ({
  code: 'EARLY_REPAYMENT',
  data: null,
  message: `Early repayment is possible from ${date}: half of the loan term must have passed and at least 7 days since the loan was disbursed.`,
});
const EARLY_ID = (date: string) => ({
  code: 'EARLY_REPAYMENT',
  data: null,
  message: `Pelunasan lebih awal dapat dilakukan mulai ${date}: separuh jangka waktu pinjaman harus sudah berlalu dan minimal 7 hari sejak pinjaman dicairkan.`,
});
const env = (r: { code: unknown; data: unknown; message: string }) => ({ code: r.code, data: r.data, message: r.message });

describe.each(BACKENDS)('early repayment, extension comparison, late-charge cap texts (%s)', (backend) => {
  const ctx = useTestApp(backend);
  const vcode = (orderId: string, amount: number, extra: Record<string, string> = {}, lang: 'en' | 'id' = 'en') =>
    call<Va>(
      ctx,
      VCODE,
      { productId: '1', orderId, amount: String(amount), is_default: '0', pay_type: '1', payCode: 'BCA', ...extra },
      { tok: MAIN, lang },
    );
  const details = (orderId: string, lang: 'en' | 'id' = 'en') =>
    call<Details>(ctx, DETAIL, { productId: '1', orderId }, { tok: MAIN, lang });
  const delay = (orderId: string, lang: 'en' | 'id' = 'en') => call<Delay>(ctx, DELAY, { productId: '1', orderId }, { tok: MAIN, lang });
  const setCap = (value: string) =>
    ctx.db.query('UPDATE app_settings SET value = $2 WHERE key = $1', [SETTING.lateChargeCapPercent, value]);

  describe('generate-vcode', () => {
    it('DEMO-170 on day 30 of 91: a full repayment is refused (409 EARLY_REPAYMENT, both languages) and no code is made', async () => {
      const en = await vcode(DEMO_ORDERS.repaying, 261_375_000);
      expect(en.status).toBe(409);
      expect(env(en)).toEqual(EARLY_EN('2026-03-18'));
      const id = await vcode(DEMO_ORDERS.repaying, 261_375_000, { pay_type: '2', payCode: 'ALFAMART' }, 'id');
      expect([id.status, env(id)]).toEqual([409, EARLY_ID('2026-03-18')]);
      // The rule is checked before the amount: refreshing the amount would not help.
      expect(env(await vcode(DEMO_ORDERS.repaying, 1))).toEqual(EARLY_EN('2026-03-18'));
      expect(await paymentsOf(ctx, DEMO_ORDERS.repaying)).toEqual([]);
    });

    it('the day boundary is the Jakarta day: refused at 23:59:59 on 2026-03-17, a code at 00:00 on 2026-03-18', async () => {
      try {
        ctx.clock.set(new Date('2026-03-17T16:59:59.000Z'));
        expect(env(await vcode(DEMO_ORDERS.repaying, 261_375_000))).toEqual(EARLY_EN('2026-03-18'));
        ctx.clock.set(new Date('2026-03-17T17:00:00.000Z'));
        const ok = await vcode(DEMO_ORDERS.repaying, 261_375_000);
        expect([ok.status, ok.code]).toEqual([200, '00']);
        expect(ok.data).toMatchObject({ amount: 261_375_000, repayType: 'full', state: 'pending' });
      } finally {
        ctx.clock.set(START);
      }
    });

    it('DEMO-HALF (day 60 of 91) is repaid in full today: a code, paid, settled', async () => {
      const va = await vcode(DEMO_PAST_HALF_TERM_ORDER, 261_375_000);
      expect([va.status, va.code]).toEqual([200, '00']);
      const paid = await call<{ applied: boolean; orderStatus: number }>(ctx, SIMULATE, { vcode: va.data.vcode });
      expect(paid.data).toMatchObject({ applied: true, orderStatus: 200 });
    });

    it('instalments: the current one can be paid on day 5; several (paying ahead) or all are refused until 2026-04-26', async () => {
      const two = await vcode(DEMO_ORDERS.instalments, 212_000_000, { repayType: 'installment', periods: '2' });
      expect([two.status, env(two)]).toEqual([409, EARLY_EN('2026-04-26')]);
      const all = await vcode(DEMO_ORDERS.instalments, 424_000_000);
      expect(env(all)).toEqual(EARLY_EN('2026-04-26'));
      const one = await vcode(DEMO_ORDERS.instalments, 106_000_000, { repayType: 'installment', periods: '1' });
      expect([one.status, one.code]).toEqual([200, '00']);
      await call(ctx, SIMULATE, { vcode: one.data.vcode });
      // Period 1 is paid; period 2 (due 2026-04-26) begins on 2026-03-28: paying it now is paying ahead.
      const next = await vcode(DEMO_ORDERS.instalments, 106_000_000, { repayType: 'installment', periods: '1' });
      expect(env(next)).toEqual(EARLY_EN('2026-04-26'));
      try {
        ctx.clock.set(new Date('2026-03-27T03:00:00.000Z')); // 2026-03-27, instalment 1's due date: still ahead
        expect(env(await vcode(DEMO_ORDERS.instalments, 106_000_000, { repayType: 'installment', periods: '1' }))).toEqual(
          EARLY_EN('2026-04-26'),
        );
        ctx.clock.set(new Date('2026-03-28T03:00:00.000Z')); // its period has begun
        const due = await vcode(DEMO_ORDERS.instalments, 106_000_000, { repayType: 'installment', periods: '1' });
        expect([due.status, due.code]).toEqual([200, '00']);
      } finally {
        ctx.clock.set(START);
      }
    });

    it('an extension is not a prepayment: paid on day 12 of 91 while a full repayment is refused', async () => {
      // Due 2026-05-20: disbursed 2026-02-18 (addOrder: 91 days before), early repayment from 2026-04-05.
      const { orderNo, amountDue } = await addOrder(ctx, {
        borrowerId: await borrowerIdOf(ctx),
        status: 170,
        principal: 100_000_000,
        dueDate: '2026-05-20',
        isDelay: true,
        extensionFee: 15_000_000,
        extensionDays: 7,
      });
      expect(env(await vcode(orderNo, amountDue))).toEqual(EARLY_EN('2026-04-05'));
      const ext = await vcode(orderNo, 15_000_000, { repayType: 'delay' });
      expect([ext.status, ext.code]).toEqual([200, '00']);
      expect((await delay(orderNo)).data.comparison).toEqual({
        repayNow: amountDue,
        extendNow: 15_000_000,
        extendLater: amountDue,
        newDueDate: '2026-05-27',
      });
    });
  });

  describe('legacy card repayment (always in full)', () => {
    it('repayment-commit and repayment-huichao on a legacy loan on day 20 of 91: EARLY_REPAYMENT, nothing charged', async () => {
      // Due 2026-05-12: disbursed 2026-02-10 (addOrder: 91 days before), early repayment from 2026-03-28.
      const { orderNo, amountDue } = await addOrder(ctx, {
        borrowerId: await borrowerIdOf(ctx),
        status: 3,
        principal: 100_000_000,
        dueDate: '2026-05-12',
      });
      const fields = { orderId: orderNo, amount: String(amountDue) };
      const commit = await call(
        ctx,
        COMMIT,
        { ...fields, cardId: String(DEMO_BANK_CARDS.direct.id), sendMsg: '0' },
        { tok: MAIN, lang: 'en' },
      );
      expect([commit.status, env(commit)]).toEqual([409, EARLY_EN('2026-03-28')]);
      const huichao = await call(ctx, HUICHAO, { ...fields, userId: 'x' }, { tok: MAIN });
      expect([huichao.status, env(huichao)]).toEqual([409, EARLY_ID('2026-03-28')]);
      expect(await paymentsOf(ctx, orderNo)).toEqual([]);
      expect((await orderRow(ctx, orderNo)).status).toBe(3);
      // Day 50 of 91 (DEMO-3): the card is charged at once.
      const demo3 = await call<{ needValid: number }>(
        ctx,
        COMMIT,
        { orderId: DEMO_ORDERS.legacyRepaying, amount: '104550000', cardId: String(DEMO_BANK_CARDS.direct.id), sendMsg: '0' },
        { tok: MAIN },
      );
      expect([demo3.status, demo3.code, demo3.data.needValid]).toEqual([200, '00', 0]);
      expect((await orderRow(ctx, DEMO_ORDERS.legacyRepaying)).status).toBe(4);
    });

    it('DEMO-5 (overdue) is not a prepayment: the hosted page is offered', async () => {
      const h = await call<{ url: string }>(ctx, HUICHAO, { orderId: DEMO_ORDERS.legacyOverdue, amount: '235317500' }, { tok: MAIN });
      expect([h.status, h.code]).toEqual([200, '00']);
      expect(h.data.url).toMatch(/^\/payments\/sandbox\/hosted\?ref=LVP/);
    });
  });

  describe('loan details earlyRepay', () => {
    it('DEMO-170 before 2026-03-18: not allowed, with the message in the request language', async () => {
      const en = await details(DEMO_ORDERS.repaying);
      expect(en.data.earlyRepay).toEqual({ allowed: false, from: '2026-03-18', message: EARLY_EN('2026-03-18').message });
      const id = await details(DEMO_ORDERS.repaying, 'id');
      expect(id.data.earlyRepay).toEqual({ allowed: false, from: '2026-03-18', message: EARLY_ID('2026-03-18').message });
      loanDetails.response.parse(en.data);
    });

    it('every demo order', async () => {
      const expected: Record<string, Details['earlyRepay']> = {
        [DEMO_ORDERS.underReview]: { allowed: false, from: null, message: null },
        [DEMO_ORDERS.rejected]: { allowed: false, from: null, message: null },
        [DEMO_ORDERS.disbursing]: { allowed: false, from: null, message: null },
        [DEMO_ORDERS.dueSoon]: { allowed: true, from: '2026-01-18', message: null },
        [DEMO_ORDERS.overdue]: { allowed: true, from: '2025-12-07', message: null },
        [DEMO_ORDERS.legacySettled]: { allowed: false, from: null, message: null },
        [DEMO_ORDERS.legacyOverdue]: { allowed: true, from: '2026-01-06', message: null },
        // Settled by the legacy test above.
        [DEMO_ORDERS.legacyRepaying]: { allowed: false, from: null, message: null },
        // A full repayment would pay instalments 2-4 ahead (instalment 1 was paid above).
        [DEMO_ORDERS.instalments]: { allowed: false, from: '2026-04-26', message: EARLY_EN('2026-04-26').message },
      };
      for (const [orderId, earlyRepay] of Object.entries(expected)) {
        expect((await details(orderId)).data.earlyRepay, orderId).toEqual(earlyRepay);
      }
    });
  });

  describe('delay-detail comparison and the late-charge cap', () => {
    it('DEMO-174: repay Rp 1.045.500 now, or Rp 150.000 now and Rp 1.045.500 on 2026-03-11; cap 100 %', async () => {
      const r = await delay(DEMO_ORDERS.dueSoon);
      expect(r.data).toMatchObject({
        delayShouldPayAmount: 15_000_000,
        comparison: { repayNow: 104_550_000, extendNow: 15_000_000, extendLater: 104_550_000, newDueDate: '2026-03-11' },
        lateChargeCapPercent: 100,
      });
      // No late charges on DEMO-174: no cap row.
      expect(r.data.orderDetail.detail.map((d) => d.text)).not.toContain('Late charges limit');
      delayDetail.response.parse(r.data);
    });

    it('DEMO-180 without a cap: bigger late charges, no cap row, lateChargeCapPercent null', async () => {
      try {
        await setCap('none');
        const r = await delay(DEMO_ORDERS.overdue);
        // Rp 1.254.600 unpaid; late: Rp 800 + 30 × Rp 62.730 + 10 × Rp 50.184 = Rp 2.384.540; fee Rp 180.000.
        expect(r.data).toMatchObject({
          delayShouldPayAmount: 256_454_000,
          comparison: { repayNow: 363_914_000, extendNow: 256_454_000, extendLater: 125_460_000, newDueDate: '2026-03-09' },
          lateChargeCapPercent: null,
        });
        expect(r.data.orderDetail.detail.map((d) => d.text)).not.toContain('Late charges limit');
        const notice = await details(DEMO_ORDERS.overdue);
        expect(notice.data.noticeDesText).toBe('Your loan is 40 days overdue. Late charges grow every day: please repay ₹3,639,140 now.');
      } finally {
        await setCap('100');
      }
    });

    it('DEMO-180 (cap 100 %): the comparison, the cap row in both languages; extending, then on the new due date the page asks extendLater', async () => {
      const r = await delay(DEMO_ORDERS.overdue);
      expect(r.data).toMatchObject({
        delayShouldPayAmount: 138_000_000,
        comparison: { repayNow: 245_460_000, extendNow: 138_000_000, extendLater: 125_460_000, newDueDate: '2026-03-09' },
        lateChargeCapPercent: 100,
      });
      expect(r.data.orderDetail.detail.at(-1)).toEqual({ text: 'Late charges limit', value: '100% of the principal (₹1,200,000)' });
      const id = await delay(DEMO_ORDERS.overdue, 'id');
      expect(id.data.orderDetail.detail.at(-1)).toEqual({
        text: 'Batas biaya keterlambatan',
        value: '100% dari pokok pinjaman (Rp 1.200.000)',
      });
      const repayNow = await details(DEMO_ORDERS.overdue);
      expect(repayNow.data.amount).toBe(r.data.comparison.repayNow);

      const ext = await vcode(DEMO_ORDERS.overdue, r.data.comparison.extendNow, { repayType: 'delay' });
      await call(ctx, SIMULATE, { vcode: ext.data.vcode });
      try {
        ctx.clock.set(new Date('2026-03-09T03:00:00.000Z'));
        const later = await details(DEMO_ORDERS.overdue);
        expect([later.data.orderStatus, later.data.amount]).toEqual([170, r.data.comparison.extendLater]);
      } finally {
        ctx.clock.set(START);
      }
    });

    it('the overdue notice of loan details states the cap in both languages', async () => {
      const en = await details(DEMO_ORDERS.legacyOverdue);
      expect(en.data.noticeDesText).toBe(
        'Your loan is 10 days overdue. Late charges grow every day: please repay ₹2,353,175 now. Late charges never exceed 100% of the principal.',
      );
      const id = await details(DEMO_ORDERS.legacyOverdue, 'id');
      expect(id.data.noticeDesText).toBe(
        'Pinjaman Anda terlambat 10 hari. Biaya keterlambatan bertambah setiap hari: segera bayar Rp 2.353.175. Biaya keterlambatan tidak pernah melebihi 100% dari pokok pinjaman.',
      );
      // Not late: no cap sentence.
      expect((await details(DEMO_ORDERS.dueSoon)).data.noticeDesText).not.toContain('never exceed');
    });
  });
});
