import { describe, expect, it } from 'vitest';
import {
  decide,
  fisherGreater,
  logGamma,
  mannWhitneyGreater,
  normalUpper,
  stepWeights,
  TEST_ALPHA,
  type StepSample,
} from '../src/releases/canary-analysis.ts';

// The canary's statistics (src/releases/canary-analysis.ts) against known values. The references are R's
// fisher.test(alternative = "greater") and wilcox.test(exact = FALSE, correct = TRUE, alternative = "greater"), here
// as computed by SciPy 1.17 (scipy.stats.fisher_exact, mannwhitneyu(method = "asymptotic", use_continuity = True)),
// which implement the same formulas.

describe('the statistics', () => {
  it('ln Γ matches the factorials', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(171)).toBeCloseTo(706.5730622457874, 8); // ln 170!
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it("Fisher's exact test, one-sided: the lady tasting tea and a canary's table", () => {
    // Fisher (1935): 3 of 4 cups right, [[3, 1], [1, 3]]: p = 17/70.
    expect(fisherGreater(3, 4, 1, 4)).toBeCloseTo(0.24285714285714283, 12);
    // 7 of 300 canary views with an error against 15 of 5,700 live views.
    expect(fisherGreater(7, 300, 15, 5700) / 6.48494218388616e-5).toBeCloseTo(1, 6);
    // Every canary view with an error, none on live, 8 views each: 1 / C(16, 8).
    expect(fisherGreater(8, 8, 0, 8)).toBeCloseTo(1 / 12870, 12);
    // The other direction is not a regression: p near 1.
    expect(fisherGreater(0, 300, 15, 5700)).toBeCloseTo(1, 12);
    // Nothing to compare.
    expect(fisherGreater(0, 300, 0, 5700)).toBe(1);
    expect(fisherGreater(3, 300, 0, 0)).toBe(1);
  });

  it('the normal upper tail', () => {
    expect(normalUpper(0)).toBeCloseTo(0.5, 7);
    expect(normalUpper(1.959963984540054)).toBeCloseTo(0.025, 7);
    expect(normalUpper(3.719016485455709) / 1e-4).toBeCloseTo(1, 5);
    expect(normalUpper(-1.6448536269514722)).toBeCloseTo(0.95, 7);
  });

  it('Mann-Whitney U, one-sided, with ties and the continuity correction', () => {
    // R's ?wilcox.test example (Hollander & Wolfe): W = 35, asymptotic p 0.1223.
    const x = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
    const y = [1.15, 0.88, 0.9, 0.74, 1.21];
    const t = mannWhitneyGreater(x, y);
    expect(t.u).toBe(35);
    expect(t.p).toBeCloseTo(0.12231180256349167, 6);
    // Many ties: mid-ranks and the tie-corrected variance.
    const tied = mannWhitneyGreater([1, 2, 2, 3, 3, 3, 4, 5, 5, 9], [1, 1, 2, 2, 2, 3, 3, 4]);
    expect(tied.u).toBe(57.5);
    expect(tied.p).toBeCloseTo(0.060850702214489544, 6);
    // Every value the same, or a sample empty: nothing to conclude.
    expect(mannWhitneyGreater([5, 5, 5], [5, 5]).p).toBe(1);
    expect(mannWhitneyGreater([], [1, 2]).p).toBe(1);
  });
});

const sample = (views: number, errorViews: number, lcp: number[] = [], inp: number[] = []): StepSample => ({ views, errorViews, lcp, inp });

describe('one step of a canary', () => {
  const look = { step: 0, weights: [5, 25, 50], minViews: 300, liveVersion: '1.0.0' };

  it('the weights: the first percentage, then the standard ones above it', () => {
    expect(stepWeights(5)).toEqual([5, 25, 50]);
    expect(stepWeights(10)).toEqual([10, 25, 50]);
    expect(stepWeights(50)).toEqual([50]);
    expect(stepWeights(80)).toEqual([80]);
  });

  it('waits for the step sample on both sides; then advances, and promotes after the last step', () => {
    expect(decide({ ...look, canary: sample(299, 299), live: sample(5000, 0) })).toEqual({
      decision: 'wait',
      reason: 'step 1 of 3 (5 %): 299 canary views of the 300 needed',
    });
    expect(decide({ ...look, canary: sample(300, 300), live: sample(299, 0) })).toEqual({
      decision: 'wait',
      reason: 'step 1 of 3 (5 %): 299 views of live 1.0.0 of the 300 needed to compare with',
    });
    expect(decide({ ...look, canary: sample(300, 2), live: sample(5700, 28) })).toMatchObject({ decision: 'advance', weight: 25 });
    expect(decide({ ...look, step: 2, canary: sample(300, 2), live: sample(300, 1) })).toMatchObject({ decision: 'promote' });
  });

  it('rolls back on a significant error rate, not on the noise of a small one', () => {
    const bad = decide({ ...look, canary: sample(300, 15), live: sample(5700, 28) });
    expect(bad.decision).toBe('rollback');
    expect(bad.reason).toMatch(
      /^step 1 of 3 \(5 %\): error rate 5\.00 % \(15 of 300 views\) > live 1\.0\.0 0\.49 % \(28 of 5700 views\), Fisher p = 9\.2e-10 < 1\.1e-4$/,
    );
    // 2 % against 0.5 %: more, but not significantly at this level on 300 views.
    expect(decide({ ...look, canary: sample(300, 6), live: sample(5700, 28) }).decision).toBe('advance');
  });

  it("LCP: the issue's noise (p75 872 ms on 19 samples vs 662 on 18) is no rollback; a real regression is", () => {
    // Too few samples to compare at all.
    const few = decide({
      ...look,
      canary: sample(300, 0, Array<number>(19).fill(872)),
      live: sample(5700, 0, Array<number>(18).fill(662)),
    });
    expect(few).toMatchObject({ decision: 'advance' });
    expect(few.reason).toContain('LCP not compared (19 / 18 samples)');
    // 25 slower values among the same spread: a higher median, not a significant one.
    const spread = (base: number, n: number) => Array.from({ length: n }, (_, i) => base + ((i * 37) % 600));
    expect(decide({ ...look, canary: sample(300, 0, spread(760, 25)), live: sample(5700, 0, spread(600, 200)) }).decision).toBe('advance');
    // Every canary LCP 1 s slower than every live one.
    const slow = decide({ ...look, canary: sample(300, 0, spread(2600, 100)), live: sample(5700, 0, spread(1600, 400)) });
    expect(slow.decision).toBe('rollback');
    expect(slow.reason).toMatch(
      /^step 1 of 3 \(5 %\): LCP slower than live 1\.0\.0: LCP median \d+ ms \(100\) vs \d+ ms \(400\), Mann-Whitney p = /,
    );
    expect(TEST_ALPHA).toBeCloseTo(0.001 / 9, 15);
  });
});
