import { describe, expect, it } from 'vitest';
import { addDays } from '../src/lib/dates.ts';
import { repaymentPlan } from '../src/lib/money.ts';
import type { Instalment, Order } from '../src/repositories/orders.ts';
import {
  EARLY_REPAYMENT_MIN_DAYS,
  earlyRepayOf,
  earlyRepaymentFrom,
  earlyRepaymentVerdict,
  isPrepayment,
} from '../src/services/early-repayment.ts';

// Spec 9 "early prepayment only after half the term has passed and not within 7 days after disbursement", as
// docs/repayment.md "Early repayment" reads it. Days are Asia/Jakarta calendar days (UTC+7); day 0 = disbursement.

/** An instant on a Jakarta calendar day at hh:mm Jakarta time. */
const jakarta = (day: string, time = '10:00') => new Date(`${day}T${time}:00+07:00`);

function loan(o: { disbursed: Date | null; termDays: number; status?: number; instalments?: number }): Order {
  const startDay = o.disbursed ? o.disbursed.toISOString().slice(0, 10) : '2026-01-15';
  return {
    orderNo: 'T-EARLY',
    borrowerId: 1,
    productId: 1,
    status: o.status ?? 170,
    principal: 100_000_000,
    interestAmount: 0,
    serviceFee: 0,
    processingFee: 0,
    amountDue: 100_000_000,
    paidAmount: 0,
    termDays: o.termDays,
    dailyRateBp: 5,
    instalmentCount: o.instalments ?? 1,
    isDelay: true,
    extensionFee: 15_000_000,
    extensionDays: 7,
    repayUrl: null,
    appliedAt: jakarta('2026-01-14'),
    disbursedAt: o.disbursed,
    dueDate: o.disbursed ? addDays(jakartaDay(o.disbursed), o.termDays) : addDays(startDay, o.termDays),
    settledAt: null,
    latePenaltyPaid: 0,
    lateInterestPaid: 0,
    extensionFeesPaid: 0,
    extensionCount: 0,
    waivedAmount: 0,
  };
}

function jakartaDay(d: Date): string {
  return new Date(d.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
}

/** The instalment rows of a loan disbursed on `day` (the server's own plan), the first `paid` of them paid. */
function plan(day: string, termDays: number, paid = 0): Instalment[] {
  return repaymentPlan({ principal: 100_000_000, termDays, dailyRateBp: 5, startDate: day }).instalments.map((i) => ({
    periodNo: i.periodNo,
    principal: i.principal,
    interest: i.interest,
    amount: i.amount,
    dueDate: i.dueDate,
    status: i.periodNo <= paid ? 'paid' : 'unpaid',
    paidAt: i.periodNo <= paid ? jakarta(day) : null,
  }));
}

describe('earlyRepaymentFrom: disbursement day + max(7, ⌈term / 2⌉)', () => {
  it('a 91-day loan disbursed on 2026-01-15: from 2026-03-02 (day 46; day 45 is only 45 of 45.5 days)', () => {
    const order = loan({ disbursed: jakarta('2026-01-15'), termDays: 91 });
    expect(earlyRepaymentFrom(order)).toBe('2026-03-02');
    expect(earlyRepaymentVerdict(order, { repayType: 'full' }, [], '2026-03-01')).toEqual({
      prepayment: true,
      from: '2026-03-02',
      allowed: false,
    });
    expect(earlyRepaymentVerdict(order, { repayType: 'full' }, [], '2026-03-02')).toEqual({
      prepayment: true,
      from: '2026-03-02',
      allowed: true,
    });
    expect(earlyRepaymentVerdict(order, { repayType: 'full' }, [], '2026-01-15').allowed).toBe(false);
  });

  it('half the term: 92 → day 46, 93 → day 47, 120 → day 60, 365 → day 183', () => {
    const from = (termDays: number) => earlyRepaymentFrom(loan({ disbursed: jakarta('2026-01-15'), termDays }));
    expect(from(92)).toBe(addDays('2026-01-15', 46));
    expect(from(93)).toBe(addDays('2026-01-15', 47));
    expect(from(120)).toBe(addDays('2026-01-15', 60));
    expect(from(365)).toBe(addDays('2026-01-15', 183));
  });

  it('the 7 days after disbursement bind only terms under 14 days (none under spec 9): 10 → day 7, 14 → day 7, 15 → day 8', () => {
    expect(EARLY_REPAYMENT_MIN_DAYS).toBe(7);
    const from = (termDays: number) => earlyRepaymentFrom(loan({ disbursed: jakarta('2026-01-15'), termDays }));
    expect(from(10)).toBe('2026-01-22');
    expect(from(14)).toBe('2026-01-22');
    expect(from(15)).toBe('2026-01-23');
  });

  it('counts Jakarta calendar days: 23:59 and 00:00 Jakarta are different disbursement days (16:59Z / 17:00Z)', () => {
    const late = loan({ disbursed: new Date('2026-01-15T16:59:59.000Z'), termDays: 91 });
    const next = loan({ disbursed: new Date('2026-01-15T17:00:00.000Z'), termDays: 91 });
    expect(earlyRepaymentFrom(late)).toBe('2026-03-02');
    expect(earlyRepaymentFrom(next)).toBe('2026-03-03');
  });

  it('without a disbursement date the application day stands in', () => {
    const order = { ...loan({ disbursed: null, termDays: 91 }), appliedAt: jakarta('2026-01-14') };
    expect(earlyRepaymentFrom(order)).toBe(addDays('2026-01-14', 46));
  });
});

describe('isPrepayment: money paid for a period that has not begun', () => {
  it('single payment: a full repayment before the due date; on or after it, no', () => {
    const order = loan({ disbursed: jakarta('2026-01-15'), termDays: 91 });
    expect(order.dueDate).toBe('2026-04-16');
    expect(isPrepayment(order, { repayType: 'full' }, [], '2026-04-15')).toBe(true);
    expect(isPrepayment(order, { repayType: 'full' }, [], '2026-04-16')).toBe(false);
    expect(isPrepayment(order, { repayType: 'full' }, [], '2026-05-20')).toBe(false);
  });

  it('an extension is never a prepayment, even on the day of disbursement', () => {
    const order = loan({ disbursed: jakarta('2026-01-15'), termDays: 91 });
    expect(isPrepayment(order, { repayType: 'delay' }, [], '2026-01-15')).toBe(false);
    expect(earlyRepaymentVerdict(order, { repayType: 'delay' }, [], '2026-01-15').allowed).toBe(true);
  });

  it('a loan whose due date comes before `from` (a 4-day term, outside spec 9) can be repaid on its due date', () => {
    const order = loan({ disbursed: jakarta('2026-01-15'), termDays: 4 });
    expect(earlyRepaymentVerdict(order, { repayType: 'full' }, [], '2026-01-18')).toEqual({
      prepayment: true,
      from: '2026-01-22',
      allowed: false,
    });
    expect(earlyRepaymentVerdict(order, { repayType: 'full' }, [], '2026-01-19')).toEqual({
      prepayment: false,
      from: '2026-01-22',
      allowed: true,
    });
  });

  describe('instalments: 120 days from 2026-01-15, due 02-14, 03-16, 04-15, 05-15; from 2026-03-16 (day 60)', () => {
    const order = loan({ disbursed: jakarta('2026-01-15'), termDays: 120, instalments: 4 });
    const rows = plan('2026-01-15', 120);
    it('the plan', () => {
      expect(rows.map((i) => i.dueDate)).toEqual(['2026-02-14', '2026-03-16', '2026-04-15', '2026-05-15']);
      expect(earlyRepaymentFrom(order)).toBe('2026-03-16');
    });

    it('the first instalment is due from disbursement: payable on day 0', () => {
      expect(earlyRepaymentVerdict(order, { repayType: 'installment', periods: 1 }, rows, '2026-01-15')).toMatchObject({
        prepayment: false,
        allowed: true,
      });
    });

    it('two instalments on the first due date pay period 2 ahead (refused); the day after, period 2 has begun', () => {
      expect(earlyRepaymentVerdict(order, { repayType: 'installment', periods: 2 }, rows, '2026-02-14')).toMatchObject({
        prepayment: true,
        allowed: false,
      });
      expect(earlyRepaymentVerdict(order, { repayType: 'installment', periods: 2 }, rows, '2026-02-15')).toMatchObject({
        prepayment: false,
        allowed: true,
      });
    });

    it('the next instalment after paying the current one early is ahead until its period begins', () => {
      const firstPaid = plan('2026-01-15', 120, 1);
      expect(earlyRepaymentVerdict(order, { repayType: 'installment', periods: 1 }, firstPaid, '2026-01-25')).toMatchObject({
        prepayment: true,
        allowed: false,
      });
      expect(earlyRepaymentVerdict(order, { repayType: 'installment', periods: 1 }, firstPaid, '2026-02-15')).toMatchObject({
        prepayment: false,
        allowed: true,
      });
    });

    it('full repayment: refused on day 59, allowed from day 60; not a prepayment once the last period has begun', () => {
      expect(earlyRepaymentVerdict(order, { repayType: 'full' }, rows, '2026-03-15')).toMatchObject({ prepayment: true, allowed: false });
      expect(earlyRepaymentVerdict(order, { repayType: 'full' }, rows, '2026-03-16')).toMatchObject({ prepayment: true, allowed: true });
      expect(isPrepayment(order, { repayType: 'full' }, rows, '2026-04-15')).toBe(true);
      expect(isPrepayment(order, { repayType: 'full' }, rows, '2026-04-16')).toBe(false);
    });

    it('several instalments from day 60 on: a prepayment, allowed', () => {
      expect(earlyRepaymentVerdict(order, { repayType: 'installment', periods: 4 }, rows, '2026-03-16')).toMatchObject({
        prepayment: true,
        allowed: true,
      });
    });
  });
});

describe('earlyRepayOf (loan details)', () => {
  const order = loan({ disbursed: jakarta('2026-01-15'), termDays: 91 });
  it('before `from`: not allowed, the date and the message in both languages (year-month-day, spec 9)', () => {
    expect(earlyRepayOf(order, [], '2026-03-01', 'en')).toEqual({
      allowed: false,
      from: '2026-03-02',
      message:
        'Early repayment is possible from 2026-03-02: half of the loan term must have passed and at least 7 days since the loan was disbursed.',
    });
    expect(earlyRepayOf(order, [], '2026-03-01', 'id').message).toBe(
      'Pelunasan lebih awal dapat dilakukan mulai 2026-03-02: separuh jangka waktu pinjaman harus sudah berlalu dan minimal 7 hari sejak pinjaman dicairkan.',
    );
  });
  it('from then on: allowed, no message; an order that owes nothing: nothing to allow', () => {
    expect(earlyRepayOf(order, [], '2026-03-02', 'en')).toEqual({ allowed: true, from: '2026-03-02', message: null });
    for (const status of [21, 110, 151, 200, 4]) {
      expect(earlyRepayOf({ ...order, status }, [], '2026-03-01', 'en')).toEqual({ allowed: false, from: null, message: null });
    }
  });
});
