import { DEFAULT_SCENE, RECOMMEND_SCENES, moduleIdForScene } from '@lendview/contracts';
import { build } from 'esbuild';
import { formatAmount as pageAmount, formatMoney as pageMoney } from '@lendview/i18n/money';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatRateBp } from '../src/i18n/format.ts';
import { addDays, daysBetween, jakartaDate } from '../src/lib/dates.ts';
import { LATE_PENALTY, lateChargeCap, lateCharges, periodLengths, repaymentPlan, simpleInterest } from '../src/lib/money.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('moduleIdForScene (spec 7.5)', () => {
  it('301 for the jingzhun scenes, 302 for the fudai scenes, 300 otherwise', () => {
    expect(moduleIdForScene('banner_jingzhun')).toBe(301);
    expect(moduleIdForScene('tanchuang_jingzhun')).toBe(301);
    expect(moduleIdForScene('tanchuang_fudai')).toBe(302);
    expect(moduleIdForScene('banner_fudai')).toBe(302);
    for (const other of [DEFAULT_SCENE, '', 'relevant', 'BANNER_FUDAI', ' banner_fudai', 'banner_jingzhun2', null, undefined]) {
      expect(moduleIdForScene(other), String(other)).toBe(300);
    }
  });

  it('covers every scene the contracts name', () => {
    expect(RECOMMEND_SCENES.map((s) => [s, moduleIdForScene(s)])).toEqual([
      ['banner_jingzhun', 301],
      ['tanchuang_jingzhun', 301],
      ['tanchuang_fudai', 302],
      ['banner_fudai', 302],
    ]);
  });
});

describe('business dates', () => {
  it('Jakarta calendar days, whatever the server time zone', () => {
    expect(jakartaDate(new Date('2026-03-01T16:59:59Z'))).toBe('2026-03-01');
    expect(jakartaDate(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
  });

  it('adds and counts days across months and leap years', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-02', -40)).toBe('2026-01-21');
    expect(daysBetween('2026-01-21', '2026-03-02')).toBe(40);
    expect(daysBetween('2026-03-02', '2026-01-21')).toBe(-40);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-3-2', 1)).toThrow(RangeError);
  });
});

describe('simple interest', () => {
  it('principal × bp × days / 10 000, rounded half up once', () => {
    // Rp 1.200.000 for 91 days at 0.05 % a day: exactly Rp 54.600.
    expect(simpleInterest(120_000_000, 91, 5)).toBe(5_460_000);
    // 123 456 789 × 7 × 30 / 10 000 = 2 592 592.569 → 2 592 593
    expect(simpleInterest(123_456_789, 30, 7)).toBe(2_592_593);
    // 123 456 789 × 7 × 91 / 10 000 = 7 864 197.4593 → 7 864 197
    expect(simpleInterest(123_456_789, 91, 7)).toBe(7_864_197);
    // Exactly half a minor unit rounds up: 1 × 5 × 1 000 / 10 000 = 0.5 → 1
    expect(simpleInterest(1, 1_000, 5)).toBe(1);
    expect(simpleInterest(1, 999, 5)).toBe(0);
    expect(simpleInterest(100_000_000, 91, 0)).toBe(0);
  });

  it('is exact beyond float precision and refuses floats, negatives and unsafe numbers', () => {
    // 9e11 × 9 999 × 365 = 3.28e18 is far beyond 2^53: the product is taken in BigInt.
    expect(simpleInterest(900_000_000_000, 365, 9_999)).toBe(328_467_150_000_000);
    // 9 007 199 254 740 991 × 3 × 7 / 10 000 = 18 915 118 434 956.0811
    expect(simpleInterest(Number.MAX_SAFE_INTEGER, 7, 3)).toBe(18_915_118_434_956);
    expect(() => simpleInterest(100.5, 91, 5)).toThrow(RangeError);
    expect(() => simpleInterest(-1, 91, 5)).toThrow(RangeError);
    expect(() => simpleInterest(Number.MAX_SAFE_INTEGER + 1, 1, 1)).toThrow(RangeError);
  });
});

describe('repayment plan', () => {
  it('periods of 30 days, the last one taking what is left; short terms are one payment', () => {
    expect(periodLengths(91)).toEqual([30, 30, 31]);
    expect(periodLengths(120)).toEqual([30, 30, 30, 30]);
    expect(periodLengths(365)).toEqual([30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 35]);
    expect(periodLengths(59)).toEqual([59]);
    expect(periodLengths(60)).toEqual([30, 30]);
    expect(periodLengths(7)).toEqual([7]);
    expect(() => periodLengths(0)).toThrow(RangeError);
  });

  it('a plan whose division leaves a remainder: the last instalment takes it, the plan sums exactly', () => {
    const plan = repaymentPlan({ principal: 123_456_789, termDays: 91, dailyRateBp: 7, startDate: '2026-03-02' });
    expect(plan.interest).toBe(7_864_197);
    expect(plan.total).toBe(131_320_986);
    expect(plan.instalments).toEqual([
      { periodNo: 1, days: 30, dueDate: '2026-04-01', principal: 41_152_263, interest: 2_592_593, amount: 43_744_856 },
      { periodNo: 2, days: 30, dueDate: '2026-05-01', principal: 41_152_263, interest: 2_592_593, amount: 43_744_856 },
      // 123 456 789 − 2 × 41 152 263 = 41 152 263 (+0); interest 7 864 197 − 2 × 2 592 593 = 2 679 011
      // (one sen less than 31 days would give alone: the rounding of the first two is given back here).
      { periodNo: 3, days: 31, dueDate: '2026-06-01', principal: 41_152_263, interest: 2_679_011, amount: 43_831_274 },
    ]);
    expect(sum(plan.instalments.map((i) => i.amount))).toBe(plan.total);
  });

  it('principal that does not divide evenly: the remainder sen go on the last instalment', () => {
    const plan = repaymentPlan({ principal: 100_000_001, termDays: 120, dailyRateBp: 5, startDate: '2026-01-31' });
    expect(plan.instalments.map((i) => i.principal)).toEqual([25_000_000, 25_000_000, 25_000_000, 25_000_001]);
    expect(plan.instalments.map((i) => i.interest)).toEqual([1_500_000, 1_500_000, 1_500_000, 1_500_000]);
    expect(plan.instalments.map((i) => i.dueDate)).toEqual(['2026-03-02', '2026-04-01', '2026-05-01', '2026-05-31']);
    expect(plan.total).toBe(106_000_001);
    expect(sum(plan.instalments.map((i) => i.amount))).toBe(106_000_001);
  });

  it('sums exactly to principal + interest for any principal, term and rate', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let k = 0; k < 500; k++) {
      const principal = 1 + rand(2_000_000_000);
      const termDays = 1 + rand(400);
      const dailyRateBp = rand(100);
      const plan = repaymentPlan({ principal, termDays, dailyRateBp, startDate: '2026-03-02' });
      expect(plan.interest).toBe(simpleInterest(principal, termDays, dailyRateBp));
      expect(sum(plan.instalments.map((i) => i.principal))).toBe(principal);
      expect(sum(plan.instalments.map((i) => i.interest))).toBe(plan.interest);
      expect(sum(plan.instalments.map((i) => i.amount))).toBe(principal + plan.interest);
      expect(plan.instalments.at(-1)!.dueDate).toBe(addDays('2026-03-02', termDays));
      for (const i of plan.instalments) expect(Number.isInteger(i.amount) && i.amount >= 0).toBe(true);
    }
  });

  it('a single payment for a short term', () => {
    const plan = repaymentPlan({ principal: 50_000_000, termDays: 45, dailyRateBp: 8, startDate: '2026-03-02' });
    expect(plan.instalments).toEqual([
      { periodNo: 1, days: 45, dueDate: '2026-04-16', principal: 50_000_000, interest: 1_800_000, amount: 51_800_000 },
    ]);
  });
});

describe('late charges (spec 9)', () => {
  it('DEMO-180: Rp 1.254.600 unpaid, 40 days late, repeat client → Rp 2.384.540 of late charges', () => {
    // 30 days × ⌊125 460 000 × 5 %⌋ + 10 days × ⌊125 460 000 × 4 %⌋ + Rp 800 penalty
    const late = lateCharges({ unpaid: 125_460_000, daysOverdue: 40, isRepeatClient: true });
    expect(late).toEqual({ daysOverdue: 40, penalty: 80_000, interest: 238_374_000, total: 238_454_000, capped: false });
    expect(125_460_000 + late.total).toBe(363_914_000);
  });

  it('the penalty: Rp 1.000 for new clients, Rp 800 for repeat clients, once', () => {
    expect(LATE_PENALTY).toEqual({ newClient: 100_000, repeatClient: 80_000 });
    expect(lateCharges({ unpaid: 10_000, daysOverdue: 1, isRepeatClient: false }).penalty).toBe(100_000);
    expect(lateCharges({ unpaid: 10_000, daysOverdue: 200, isRepeatClient: false }).penalty).toBe(100_000);
    expect(lateCharges({ unpaid: 10_000, daysOverdue: 1, isRepeatClient: true }).penalty).toBe(80_000);
  });

  it('bands: 5 % days 1-30, 4 % days 31-90, 2 % from day 91, each day rounded down', () => {
    const u = 1_000_001; // 5 % = 50 000.05 → 50 000; 4 % = 40 000.04 → 40 000; 2 % = 20 000.02 → 20 000
    const interest = (days: number) => lateCharges({ unpaid: u, daysOverdue: days, isRepeatClient: true }).interest;
    expect(interest(1)).toBe(50_000);
    expect(interest(30)).toBe(1_500_000);
    expect(interest(31)).toBe(1_540_000);
    expect(interest(90)).toBe(1_500_000 + 60 * 40_000);
    expect(interest(91)).toBe(1_500_000 + 2_400_000 + 20_000);
    expect(interest(100)).toBe(1_500_000 + 2_400_000 + 10 * 20_000);
    // Rounded per day, not on the total: 19 sen a day at 5 % is 0.95 → 0.
    expect(lateCharges({ unpaid: 19, daysOverdue: 30, isRepeatClient: false }).interest).toBe(0);
  });

  it('nothing when not late or nothing unpaid', () => {
    const none = { penalty: 0, interest: 0, total: 0, capped: false };
    expect(lateCharges({ unpaid: 125_460_000, daysOverdue: 0, isRepeatClient: true })).toEqual({ daysOverdue: 0, ...none });
    expect(lateCharges({ unpaid: 125_460_000, daysOverdue: -3, isRepeatClient: true })).toEqual({ daysOverdue: 0, ...none });
    expect(lateCharges({ unpaid: 0, daysOverdue: 40, isRepeatClient: true })).toEqual({ daysOverdue: 40, ...none });
  });
});

describe('late charges on days 0, 1, 30, 31, 90, 91 and 365, and the cap (docs/repayment.md)', () => {
  // DEMO-180's loan: principal Rp 1.200.000, unpaid Rp 1.254.600 (125 460 000 sen), repeat client (penalty Rp 800).
  // A day's late interest: 5 % = 6 273 000, 4 % = 5 018 400, 2 % = 2 509 200 sen.
  const unpaid = 125_460_000;
  const principal = 120_000_000;
  const at = (daysOverdue: number, cap?: number) => lateCharges({ unpaid, daysOverdue, isRepeatClient: true, cap });

  it('uncapped: the spec 9 bands, day by day', () => {
    expect(at(0)).toEqual({ daysOverdue: 0, penalty: 0, interest: 0, total: 0, capped: false });
    expect(at(1)).toEqual({ daysOverdue: 1, penalty: 80_000, interest: 6_273_000, total: 6_353_000, capped: false });
    expect(at(30)).toEqual({ daysOverdue: 30, penalty: 80_000, interest: 188_190_000, total: 188_270_000, capped: false });
    expect(at(31)).toEqual({ daysOverdue: 31, penalty: 80_000, interest: 193_208_400, total: 193_288_400, capped: false });
    expect(at(90)).toEqual({ daysOverdue: 90, penalty: 80_000, interest: 489_294_000, total: 489_374_000, capped: false });
    expect(at(91)).toEqual({ daysOverdue: 91, penalty: 80_000, interest: 491_803_200, total: 491_883_200, capped: false });
    expect(at(365)).toEqual({ daysOverdue: 365, penalty: 80_000, interest: 1_179_324_000, total: 1_179_404_000, capped: false });
  });

  it('capped at 100 % of the principal (Indonesia): penalty first, interest up to the rest, never more', () => {
    const cap = lateChargeCap(principal, 100)!;
    expect(cap).toBe(120_000_000);
    expect(at(0, cap)).toEqual({ daysOverdue: 0, penalty: 0, interest: 0, total: 0, capped: false });
    expect(at(1, cap)).toEqual({ daysOverdue: 1, penalty: 80_000, interest: 6_273_000, total: 6_353_000, capped: false });
    // Day 19 is still under the cap (119 267 000); day 20 would be 125 540 000: the cap bites from there on.
    expect(at(19, cap)).toEqual({ daysOverdue: 19, penalty: 80_000, interest: 119_187_000, total: 119_267_000, capped: false });
    const full = { penalty: 80_000, interest: 119_920_000, total: 120_000_000, capped: true };
    for (const day of [20, 30, 31, 90, 91, 365]) expect(at(day, cap)).toEqual({ daysOverdue: day, ...full });
  });

  it('a new client at 100 %: Rp 1.000 penalty, Rp 999.000 of interest at most on Rp 1.000.000', () => {
    const late = (days: number) =>
      lateCharges({ unpaid: 104_550_000, daysOverdue: days, isRepeatClient: false, cap: lateChargeCap(100_000_000, 100)! });
    expect(late(1)).toEqual({ daysOverdue: 1, penalty: 100_000, interest: 5_227_500, total: 5_327_500, capped: false });
    expect(late(30)).toEqual({ daysOverdue: 30, penalty: 100_000, interest: 99_900_000, total: 100_000_000, capped: true });
    expect(late(365).total).toBe(100_000_000);
  });

  it("another market's percentage: at 400 % the cap bites between day 31 and day 90", () => {
    const cap = lateChargeCap(principal, 400)!;
    expect(cap).toBe(480_000_000);
    expect(at(31, cap)).toEqual({ daysOverdue: 31, penalty: 80_000, interest: 193_208_400, total: 193_288_400, capped: false });
    expect(at(90, cap)).toEqual({ daysOverdue: 90, penalty: 80_000, interest: 479_920_000, total: 480_000_000, capped: true });
    expect(lateChargeCap(principal, null)).toBeNull();
    expect(lateChargeCap(99, 100)).toBe(99);
    expect(lateChargeCap(99, 50)).toBe(49); // rounded down: never above the percentage
  });

  it('after an extension: the penalty is not charged again and what was paid counts against the cap', () => {
    // 110 000 000 of late charges already paid: 10 000 000 left under the 120 000 000 cap.
    expect(lateCharges({ unpaid, daysOverdue: 1, isRepeatClient: true, penaltyCharged: true, cap: 10_000_000 })).toEqual({
      daysOverdue: 1,
      penalty: 0,
      interest: 6_273_000,
      total: 6_273_000,
      capped: false,
    });
    expect(lateCharges({ unpaid, daysOverdue: 2, isRepeatClient: true, penaltyCharged: true, cap: 10_000_000 })).toEqual({
      daysOverdue: 2,
      penalty: 0,
      interest: 10_000_000,
      total: 10_000_000,
      capped: true,
    });
    // Nothing left under the cap: nothing more, not even the penalty.
    expect(lateCharges({ unpaid, daysOverdue: 5, isRepeatClient: false, cap: 0 })).toEqual({
      daysOverdue: 5,
      penalty: 0,
      interest: 0,
      total: 0,
      capped: true,
    });
  });
});

describe('server-side formats', () => {
  it('money like @lendview/i18n: Rp with dots, ₹ with commas, decimals only when there are', () => {
    expect(formatMoney(363_914_000, 'id')).toBe('Rp 3.639.140');
    expect(formatMoney(363_914_000, 'en')).toBe('₹3,639,140');
    expect(formatMoney(83_333_333, 'id')).toBe('Rp 833.333,33');
    expect(formatMoney(80_000, 'en')).toBe('₹800');
    expect(formatMoney(0, 'id')).toBe('Rp 0');
  });

  it("is the pages' formatter: every amount the API writes reads as the page writes it, in en and id", () => {
    // The same function, not a copy kept in step by hand.
    expect(formatMoney).toBe(pageMoney);
    const cases: [number, string, string][] = [
      [0, 'Rp 0', '₹0'],
      [5, 'Rp 0,05', '₹0.05'],
      [80_000, 'Rp 800', '₹800'],
      [100_000, 'Rp 1.000', '₹1,000'],
      [8_000_000, 'Rp 80.000', '₹80,000'],
      [83_333_333, 'Rp 833.333,33', '₹833,333.33'],
      [104_550_000, 'Rp 1.045.500', '₹1,045,500'],
      [261_375_000, 'Rp 2.613.750', '₹2,613,750'],
      [363_914_000, 'Rp 3.639.140', '₹3,639,140'],
      // Rp 30.000.000 (the largest amount a request takes, 3e9 sen) and beyond 32 bits.
      [3_000_000_000, 'Rp 30.000.000', '₹30,000,000'],
      [-100_000, '-Rp 1.000', '-₹1,000'],
    ];
    for (const [minor, id, en] of cases) {
      expect([formatMoney(minor, 'id'), formatMoney(minor, 'en')]).toEqual([id, en]);
      expect([pageMoney(minor, 'id'), pageMoney(minor, 'en')]).toEqual([id, en]);
      // 'Rp ' + the amount the payment pages get (spec 9: shown with dots, sent without them).
      expect(id).toBe(`${minor < 0 ? '-' : ''}Rp ${pageAmount(Math.abs(minor), 'id')}`);
    }
  });

  it('brings no i18next, React or browser code into the server bundle', async () => {
    const out = await build({
      entryPoints: [fileURLToPath(new URL('../src/i18n/format.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(out.metafile.inputs).map((f) => f.replace(/^.*\/packages\//, 'packages/'));
    expect(inputs.filter((f) => f.startsWith('packages/')).sort()).toEqual(['packages/i18n/src/money.ts']);
    expect(inputs.filter((f) => /i18next|react|node_modules/.test(f))).toEqual([]);
  });

  it('rates in basis points', () => {
    expect(formatRateBp(5, 'en')).toBe('0.05%');
    expect(formatRateBp(5, 'id')).toBe('0,05%');
    expect(formatRateBp(50, 'en')).toBe('0.5%');
    expect(formatRateBp(500, 'id')).toBe('5%');
    expect(formatRateBp(125, 'id')).toBe('1,25%');
  });
});
