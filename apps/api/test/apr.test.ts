import { describe, expect, it } from 'vitest';
import { annualPercentageRateBp, dailyIrr, type Payment } from '../src/lib/apr.ts';
import { processingFee, repaymentPlan } from '../src/lib/money.ts';

// The APR of the key facts statement (issue 18, docs/compliance.md): the daily IRR of the borrower's cash flows
// × 365, in basis points. Worked examples: single payments have a closed form, (repaid / received)^(1/days) − 1;
// plans were computed independently with 50-digit decimal bisection (Python's decimal module) and are quoted here.

const RP_3M = 300_000_000; // Rp 3.000.000 in sen
const START = '2026-03-02';
const flowsOf = (plan: ReturnType<typeof repaymentPlan>): Payment[] => {
  let day = 0;
  return plan.instalments.map((i) => ({ day: (day += i.days), amount: i.amount }));
};
const npv = (received: number, payments: Payment[], r: number) =>
  payments.reduce((pv, p) => pv + p.amount / (1 + r) ** p.day, 0) - received;

describe('APR: one payment at the end (closed form)', () => {
  it('91 days at 0.05 %/day flat: repays 1.0455 × the principal → (1.0455)^(1/91) − 1 = 0.0489078 % a day → 17.85 %', () => {
    // 1 000 000 sen at 5 bp × 91 days = 45 500 interest.
    expect(dailyIrr(1_000_000, [{ day: 91, amount: 1_045_500 }])).toBeCloseTo(Math.pow(1.0455, 1 / 91) - 1, 12);
    expect(annualPercentageRateBp(1_000_000, [{ day: 91, amount: 1_045_500 }])).toBe(1785);
  });

  it('180 days: 1.09 → 17.48 %; 365 days: 1.1825 → 16.77 % (longer loans at the same flat rate cost less a year)', () => {
    expect(annualPercentageRateBp(1_000_000, [{ day: 180, amount: 1_090_000 }])).toBe(1748);
    expect(annualPercentageRateBp(1_000_000, [{ day: 365, amount: 1_182_500 }])).toBe(1677);
  });

  it('a 2 % processing fee deducted up front: received 0.98, repaid 1.0455 after 91 days → 25.96 %', () => {
    expect(annualPercentageRateBp(980_000, [{ day: 91, amount: 1_045_500 }])).toBe(2596);
  });

  it('no interest and no fee: 0 %', () => {
    expect(annualPercentageRateBp(1_000_000, [{ day: 91, amount: 1_000_000 }])).toBe(0);
  });
});

describe('APR of the real instalment plans (lib/money.ts repaymentPlan), Rp 3.000.000 at 0.05 %/day', () => {
  it('91 days = 3 instalments (30, 30, 31): 104 500 000 + 104 500 000 + 104 650 000 sen → 27.02 %', () => {
    const plan = repaymentPlan({ principal: RP_3M, termDays: 91, dailyRateBp: 5, startDate: START });
    const flows = flowsOf(plan);
    expect(flows).toEqual([
      { day: 30, amount: 104_500_000 },
      { day: 60, amount: 104_500_000 },
      { day: 91, amount: 104_650_000 },
    ]);
    expect(annualPercentageRateBp(RP_3M, flows)).toBe(2702);
    // Flat interest on the whole principal while it is repaid month by month: the APR is well above 0.05 % × 365 = 18.25 %.
    expect(npv(RP_3M, flows, dailyIrr(RP_3M, flows))).toBeCloseTo(0, 3);
  });

  it('180 days = 6 × (50 000 000 + 4 500 000) → 30.28 %', () => {
    const flows = flowsOf(repaymentPlan({ principal: RP_3M, termDays: 180, dailyRateBp: 5, startDate: START }));
    expect(flows).toEqual([1, 2, 3, 4, 5, 6].map((k) => ({ day: 30 * k, amount: 54_500_000 })));
    expect(annualPercentageRateBp(RP_3M, flows)).toBe(3028);
  });

  it('365 days = 11 × 29 500 000 and a last 35-day instalment of 30 250 000 → 32.05 %', () => {
    const flows = flowsOf(repaymentPlan({ principal: RP_3M, termDays: 365, dailyRateBp: 5, startDate: START }));
    expect(flows.slice(0, 11).every((f) => f.amount === 29_500_000)).toBe(true);
    expect(flows[11]).toEqual({ day: 365, amount: 30_250_000 });
    expect(annualPercentageRateBp(RP_3M, flows)).toBe(3205);
  });

  it('91 days with a 2 % processing fee (received 294 000 000) → 39.37 %', () => {
    const fee = processingFee(RP_3M, 200);
    expect(fee).toBe(6_000_000);
    const flows = flowsOf(repaymentPlan({ principal: RP_3M, termDays: 91, dailyRateBp: 5, startDate: START }));
    expect(annualPercentageRateBp(RP_3M - fee, flows)).toBe(3937);
  });
});

describe('processingFee', () => {
  it('is bp of the principal rounded half up to a whole minor unit', () => {
    expect(processingFee(300_000_000, 100)).toBe(3_000_000);
    expect(processingFee(12_345, 100)).toBe(123); // 123.45 → 123
    expect(processingFee(12_350, 100)).toBe(124); // 123.5 → 124
    expect(processingFee(12_345, 0)).toBe(0);
  });
});

describe('dailyIrr refuses what is not a loan', () => {
  it('no payments, a non-positive amount received, a day 0 payment', () => {
    expect(() => dailyIrr(1000, [])).toThrow(RangeError);
    expect(() => dailyIrr(0, [{ day: 30, amount: 1000 }])).toThrow(RangeError);
    expect(() => dailyIrr(1000, [{ day: 0, amount: 1100 }])).toThrow(RangeError);
    expect(() => dailyIrr(1000, [{ day: 30, amount: 1.5 }])).toThrow(RangeError);
  });
});
