/**
 * The canary's analysis (issue 36 item 5; docs/releasing.md "Canary"): staged weights with one look per step, like
 * Argo Rollouts' or Flagger's analysis, and the two significance tests it makes. Pure: the judge (canary-judge.ts)
 * gives it the step's numbers, the simulation (test/canary-simulation.test.ts) gives it resampled ones.
 *
 * - Error rate: Fisher's exact test, one-sided (the canary's share of views with an error is greater than the live
 *   version's), on the 2×2 table of views with / without an error. The p-value is the upper tail of the
 *   hypergeometric distribution (Agresti, Categorical Data Analysis, 3rd ed., §3.5.1; R `fisher.test(alternative =
 *   "greater")`).
 * - LCP and INP: the Mann-Whitney U test (Wilcoxon rank-sum), one-sided (the canary's values tend to be larger),
 *   mid-ranks for ties, the normal approximation with the tie-corrected variance and a continuity correction
 *   (Hollander, Wolfe & Chicken, Nonparametric Statistical Methods, 3rd ed., §4.1; R `wilcox.test(exact = FALSE,
 *   correct = TRUE, alternative = "greater")`). Only with at least MIN_RANK_SAMPLES values on each side.
 *
 * Confidence: the family-wise false-rollback rate of one canary is FAMILY_ALPHA (0.001), split by Bonferroni over
 * the looks (one per step, at most MAX_LOOKS) and the tests of each look (TESTS): every test rejects at
 * p < FAMILY_ALPHA / (MAX_LOOKS × TESTS) ≈ 1.1e-4. So a healthy canary is rolled back by chance in at most 1 of
 * 1,000 releases (fewer: Fisher's test is conservative), and a step's sample (DEFAULT_STEP_VIEWS) is sized so that a
 * 5 % error rate against a live 0.5 % is caught at the first step in ≥ 95 % of cases (the simulation shows it).
 */

/** The traffic shares of the steps; after the last one passes the canary is promoted (100 %). */
export const STEP_WEIGHTS: readonly number[] = [5, 25, 50];

/** Canary page views each step needs before its look (`--min-views` overrides; docs/releasing.md shows the power). */
export const DEFAULT_STEP_VIEWS = 300;

export const FAMILY_ALPHA = 0.001;
export const MAX_LOOKS = STEP_WEIGHTS.length;
/** Error rate, LCP, INP. */
export const TESTS = 3;
/** The level of each single test. */
export const TEST_ALPHA = FAMILY_ALPHA / (MAX_LOOKS * TESTS);

/** Fewer values on either side and the rank test is not made (its normal approximation needs a sample). */
export const MIN_RANK_SAMPLES = 20;

/** The weights a canary started at `first` % goes through: `first`, then every standard weight above it. */
export function stepWeights(first: number): number[] {
  return [first, ...STEP_WEIGHTS.filter((w) => w > first)];
}

// --- The statistics --------------------------------------------------------------------------------------------

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; relative error < 1e-14 for the arguments here). */
export function logGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const logChoose = (n: number, k: number) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

/**
 * One-sided Fisher's exact test: P(X ≥ a) where X, the first group's successes, is hypergeometric given the
 * margins. `a` of `n1` in the first group, `c` of `n2` in the second. 1 when there is nothing to compare.
 */
export function fisherGreater(a: number, n1: number, c: number, n2: number): number {
  const successes = a + c;
  const total = n1 + n2;
  if (n1 === 0 || n2 === 0 || successes === 0) return 1;
  const hi = Math.min(n1, successes);
  const logDenominator = logChoose(total, n1);
  let p = 0;
  for (let x = a; x <= hi; x++) {
    p += Math.exp(logChoose(successes, x) + logChoose(total - successes, n1 - x) - logDenominator);
  }
  return Math.min(1, p);
}

/** The standard normal upper tail P(Z > z) (erfc by Numerical Recipes' Chebyshev fit, relative error < 1.2e-7). */
export function normalUpper(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

export interface RankTest {
  /** U of the first sample: the pairs (x, y) with x > y, ties counting ½. */
  u: number;
  z: number;
  p: number;
}

/**
 * One-sided Mann-Whitney U test that `x` tends to be larger than `y`: mid-ranks over the pooled values, U = R₁ −
 * n₁(n₁+1)/2, mean n₁n₂/2, variance n₁n₂/12 × ((N+1) − Σ(t³−t)/(N(N−1))) over the tie groups t, and
 * z = (U − mean − ½)/sd. p = 1 when either sample is empty or every value is the same.
 */
export function mannWhitneyGreater(x: readonly number[], y: readonly number[]): RankTest {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) return { u: 0, z: 0, p: 1 };
  const pooled = [...x.map((v) => ({ v, first: true })), ...y.map((v) => ({ v, first: false }))].sort((a, b) => a.v - b.v);
  const n = n1 + n2;
  let rankSum = 0;
  let ties = 0;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && pooled[j + 1]!.v === pooled[i]!.v) j++;
    const t = j - i + 1;
    const midRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (pooled[k]!.first) rankSum += midRank;
    ties += t * t * t - t;
    i = j + 1;
  }
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1)));
  if (variance <= 0) return { u, z: 0, p: 1 };
  const z = (u - mean - 0.5) / Math.sqrt(variance);
  return { u, z, p: normalUpper(z) };
}

// --- One look ---------------------------------------------------------------------------------------------------

/** One version's numbers in the step's window. */
export interface StepSample {
  views: number;
  /** Views with at least one error. */
  errorViews: number;
  lcp: readonly number[];
  inp: readonly number[];
}

export type Decision =
  | { decision: 'wait'; reason: string }
  | { decision: 'advance'; weight: number; reason: string }
  | { decision: 'promote'; reason: string }
  | { decision: 'rollback'; reason: string };

export interface Look {
  /** The index of the current step in `weights`. */
  step: number;
  weights: readonly number[];
  /** Canary views the step needs. */
  minViews: number;
  canary: StepSample;
  live: StepSample;
  /** The live version's name for the reason. */
  liveVersion: string;
}

const pct = (num: number, den: number) => `${den === 0 ? '0.00' : ((num / den) * 100).toFixed(2)} %`;
const pFmt = (p: number) => (p < 0.001 ? p.toExponential(1) : p.toFixed(3));
const median = (v: readonly number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.floor((s.length - 1) / 2)]!;
};

/**
 * The decision at one step: wait for the step's sample on both sides; roll back when a test is significant at TEST_ALPHA; else
 * go to the next weight, or promote after the last.
 */
export function decide(look: Look): Decision {
  const weight = look.weights[look.step]!;
  const stepName = `step ${look.step + 1} of ${look.weights.length} (${weight} %)`;
  if (look.canary.views < look.minViews) {
    return { decision: 'wait', reason: `${stepName}: ${look.canary.views} canary views of the ${look.minViews} needed` };
  }
  const { canary, live } = look;
  // The control needs its sample too: a step is never passed (nor failed) against a handful of live views. At a weight
  // up to 50 % live has at least as much traffic as the canary, so this only waits where a look would be blind.
  if (live.views < look.minViews) {
    return {
      decision: 'wait',
      reason: `${stepName}: ${live.views} views of live ${look.liveVersion} of the ${look.minViews} needed to compare with`,
    };
  }
  const errorP = fisherGreater(canary.errorViews, canary.views, live.errorViews, live.views);
  if (errorP < TEST_ALPHA) {
    return {
      decision: 'rollback',
      reason:
        `${stepName}: error rate ${pct(canary.errorViews, canary.views)} (${canary.errorViews} of ${canary.views} views) > live ` +
        `${look.liveVersion} ${pct(live.errorViews, live.views)} (${live.errorViews} of ${live.views} views), ` +
        `Fisher p = ${pFmt(errorP)} < ${pFmt(TEST_ALPHA)}`,
    };
  }
  const vitals: string[] = [];
  for (const [name, x, y] of [
    ['LCP', canary.lcp, live.lcp],
    ['INP', canary.inp, live.inp],
  ] as const) {
    if (x.length < MIN_RANK_SAMPLES || y.length < MIN_RANK_SAMPLES) {
      vitals.push(`${name} not compared (${x.length} / ${y.length} samples)`);
      continue;
    }
    const t = mannWhitneyGreater(x, y);
    const line = `${name} median ${Math.round(median(x)!)} ms (${x.length}) vs ${Math.round(median(y)!)} ms (${y.length}), Mann-Whitney p = ${pFmt(t.p)}`;
    if (t.p < TEST_ALPHA)
      return { decision: 'rollback', reason: `${stepName}: ${name} slower than live ${look.liveVersion}: ${line} < ${pFmt(TEST_ALPHA)}` };
    vitals.push(line);
  }
  const summary =
    `${stepName} passed: error rate ${pct(canary.errorViews, canary.views)} vs ${pct(live.errorViews, live.views)} ` +
    `(Fisher p = ${pFmt(errorP)}); ${vitals.join('; ')}`;
  const next = look.weights[look.step + 1];
  return next === undefined ? { decision: 'promote', reason: summary } : { decision: 'advance', weight: next, reason: summary };
}
