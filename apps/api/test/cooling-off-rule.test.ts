import { describe, expect, it } from 'vitest';
import { COOLING_OFF_STATUSES, coolingOffExit, simpleInterest } from '../src/lib/money.ts';
import type { Order } from '../src/repositories/orders.ts';
import { coolingOffInfoOf, coolingOffOf } from '../src/services/cooling-off.ts';

/**
 * The cooling-off exit rule (issue 18 item 2; lib/money.ts coolingOffExit, docs/compliance.md "Cooling-off exit"):
 * the disbursement's Jakarta day is day 0, the exit is open through day `coolingOffDays` inclusive, days used =
 * max(1, days since disbursement), amount = principal + simple interest for the days used − paid, never below 0.
 */

// Rp 2.000.000 at 0,05 %/day: one day of interest is Rp 1.000 (100 000 sen).
const PRINCIPAL = 200_000_000;
const DAY_INTEREST = 100_000;

const rule = (o: Partial<Parameters<typeof coolingOffExit>[0]> & { today: string }) =>
  coolingOffExit({
    status: 170,
    disbursedDay: '2026-03-02',
    dueDate: '2026-06-01',
    coolingOffDays: 3,
    principal: PRINCIPAL,
    dailyRateBp: 5,
    paid: 0,
    ...o,
  });

describe('coolingOffExit: days', () => {
  it('day 0 (the disbursement day) is open and charges one day of interest', () => {
    expect(rule({ today: '2026-03-02' })).toEqual({
      lastDay: '2026-03-05',
      daysUsed: 1,
      principal: PRINCIPAL,
      interest: DAY_INTEREST,
      paid: 0,
      amount: PRINCIPAL + DAY_INTEREST,
    });
  });

  it('day 1 is still one day; day 2 two days', () => {
    expect(rule({ today: '2026-03-03' })).toMatchObject({ daysUsed: 1, interest: DAY_INTEREST, amount: 200_100_000 });
    expect(rule({ today: '2026-03-04' })).toMatchObject({ daysUsed: 2, interest: 2 * DAY_INTEREST, amount: 200_200_000 });
  });

  it('day 3 is the last day (inclusive): three days of interest', () => {
    expect(rule({ today: '2026-03-05' })).toEqual({
      lastDay: '2026-03-05',
      daysUsed: 3,
      principal: PRINCIPAL,
      interest: 3 * DAY_INTEREST,
      paid: 0,
      amount: 200_300_000,
    });
  });

  it('day 4 is closed, and so is every later day and a day before the disbursement', () => {
    expect(rule({ today: '2026-03-06' })).toBeNull();
    expect(rule({ today: '2026-04-01' })).toBeNull();
    expect(rule({ today: '2026-03-01' })).toBeNull();
  });

  it('follows the setting: 7 days → open through day 7; 0 (off) or a negative value → never', () => {
    expect(rule({ today: '2026-03-09', coolingOffDays: 7 })).toMatchObject({ lastDay: '2026-03-09', daysUsed: 7, amount: 200_700_000 });
    expect(rule({ today: '2026-03-10', coolingOffDays: 7 })).toBeNull();
    expect(rule({ today: '2026-03-02', coolingOffDays: 0 })).toBeNull();
    expect(rule({ today: '2026-03-02', coolingOffDays: -1 })).toBeNull();
    expect(rule({ today: '2026-03-02', coolingOffDays: 1 })).toMatchObject({ lastDay: '2026-03-03' });
  });

  it('counts across a month end and a leap day', () => {
    expect(rule({ disbursedDay: '2028-02-28', dueDate: '2028-05-29', today: '2028-03-02' })).toMatchObject({
      lastDay: '2028-03-02',
      daysUsed: 3,
    });
  });
});

describe('coolingOffExit: who may exit', () => {
  it('repaying and not late: 170, 174 and legacy 3; never 180, 5, settled, closed or not disbursed', () => {
    expect(COOLING_OFF_STATUSES).toEqual([170, 174, 3]);
    for (const status of [170, 174, 3]) expect(rule({ status, today: '2026-03-02' }), String(status)).not.toBeNull();
    for (const status of [21, 110, 151, 180, 5, 200, 4, 210]) expect(rule({ status, today: '2026-03-02' }), String(status)).toBeNull();
  });

  it('needs a disbursement', () => {
    expect(rule({ disbursedDay: null, today: '2026-03-02' })).toBeNull();
  });

  it('is closed once the loan is late, whatever the day', () => {
    expect(rule({ dueDate: '2026-03-03', today: '2026-03-04' })).toBeNull();
    expect(rule({ dueDate: '2026-03-04', today: '2026-03-04' })).not.toBeNull();
  });
});

describe('coolingOffExit: amount', () => {
  it('deducts what was already paid (an instalment), never below 0', () => {
    // Rp 4.000.000, four instalments; the first (Rp 1.060.000) paid on day 1; exit on day 2.
    const exit = rule({ principal: 400_000_000, paid: 106_000_000, today: '2026-03-04' });
    expect(exit).toEqual({
      lastDay: '2026-03-05',
      daysUsed: 2,
      principal: 400_000_000,
      interest: 400_000,
      paid: 106_000_000,
      amount: 400_000_000 + 400_000 - 106_000_000,
    });
    expect(rule({ paid: PRINCIPAL + DAY_INTEREST, today: '2026-03-02' })).toMatchObject({ amount: 0 });
    expect(rule({ paid: PRINCIPAL * 2, today: '2026-03-02' })).toMatchObject({ amount: 0 });
  });

  it('is principal + simple interest rounded half up once, with no penalty or fee', () => {
    // 123 456 789 × 7 bp × 3 days / 10 000 = 259 259.2569 → 259 259
    const exit = rule({ principal: 123_456_789, dailyRateBp: 7, today: '2026-03-05' })!;
    expect(exit.interest).toBe(259_259);
    expect(exit.interest).toBe(simpleInterest(123_456_789, 3, 7));
    expect(exit.amount).toBe(123_456_789 + 259_259);
  });

  it('refuses money that is not a non-negative whole number of minor units', () => {
    expect(() => rule({ paid: -1, today: '2026-03-02' })).toThrow(RangeError);
    expect(() => rule({ principal: 10.5, today: '2026-03-02' })).toThrow(RangeError);
  });
});

function order(o: Partial<Order>): Order {
  return {
    orderNo: 'T-COOL',
    borrowerId: 1,
    productId: 1,
    status: 170,
    principal: PRINCIPAL,
    interestAmount: 9_100_000,
    serviceFee: 0,
    processingFee: 0,
    amountDue: PRINCIPAL + 9_100_000,
    paidAmount: 0,
    termDays: 91,
    dailyRateBp: 5,
    instalmentCount: 1,
    isDelay: false,
    extensionFee: null,
    extensionDays: null,
    repayUrl: null,
    appliedAt: new Date('2026-03-01T17:30:00.000Z'),
    disbursedAt: new Date('2026-03-01T17:30:00.000Z'),
    dueDate: '2026-06-01',
    settledAt: null,
    latePenaltyPaid: 0,
    lateInterestPaid: 0,
    extensionFeesPaid: 0,
    extensionCount: 0,
    waivedAmount: 0,
    ...o,
  };
}

describe('coolingOffOf (an order) and its texts', () => {
  it('day 0 is the Jakarta day of the disbursement: 2026-03-01T17:30Z is 2026-03-02 00:30 WIB', () => {
    expect(coolingOffOf(order({}), '2026-03-05', 3)).toMatchObject({ lastDay: '2026-03-05', daysUsed: 3 });
    expect(coolingOffOf(order({}), '2026-03-06', 3)).toBeNull();
    // 16:59:59Z is still 2026-03-01 in Jakarta: day 4 is 2026-03-05.
    expect(coolingOffOf(order({ disbursedAt: new Date('2026-03-01T16:59:59.000Z') }), '2026-03-05', 3)).toBeNull();
  });

  it('no exit when there is nothing to pay', () => {
    expect(coolingOffOf(order({ paidAmount: PRINCIPAL + DAY_INTEREST }), '2026-03-02', 3)).toBeNull();
  });

  it('states the exit in English and Indonesian, the fee only when there was one', () => {
    const plain = order({});
    const exit = coolingOffOf(plain, '2026-03-02', 3)!;
    expect(coolingOffInfoOf(plain, exit, 'en')).toEqual({
      lastDay: '2026-03-05',
      daysUsed: 1,
      principal: PRINCIPAL,
      interest: DAY_INTEREST,
      paid: 0,
      amount: 200_100_000,
      processingFee: 0,
      message:
        'You can cancel this loan until 2026-03-05 by repaying ₹2,001,000: the principal ₹2,000,000 plus interest for 1 day (₹1,000). No penalty is charged.',
    });
    const withFee = order({ processingFee: 4_000_000 });
    expect(coolingOffInfoOf(withFee, exit, 'id').message).toBe(
      'Anda dapat membatalkan pinjaman ini sampai 2026-03-05 dengan membayar Rp 2.001.000: pokok Rp 2.000.000 ditambah bunga 1 hari (Rp 1.000). Tanpa denda. Biaya administrasi sebesar Rp 40.000 tidak dikembalikan.',
    );
    const paid = order({ principal: 400_000_000, paidAmount: 106_000_000 });
    const partly = coolingOffOf(paid, '2026-03-04', 3)!;
    expect(coolingOffInfoOf(paid, partly, 'en').message).toBe(
      'You can cancel this loan until 2026-03-05 by repaying ₹2,944,000: the principal ₹4,000,000 plus interest for 2 days (₹4,000), less ₹1,060,000 you already repaid. No penalty is charged.',
    );
  });
});
