import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decide, DEFAULT_STEP_VIEWS, STEP_WEIGHTS, type StepSample } from '../src/releases/canary-analysis.ts';

// The canary simulation (issue 36 item 5; docs/releasing.md "Canary"): 200 canaries of an identical build and 200
// of a build whose pages fail 5 % of the time, each walked through the steps (5 -> 25 -> 50 %, 300 canary views a
// step, the live version getting the rest of the traffic in the same window) by the judge's own decide(). Every
// page view's LCP and INP are drawn (with replacement) from real samples recorded from the product
// (fixtures/canary-live-samples.json, see its "how"); the live error rate is the 0.5 % (the recording had no
// errors). Seeded: the same numbers every run.

interface Recorded {
  views: number;
  lcp: number[];
  inp: number[];
}
const recorded = JSON.parse(readFileSync(new URL('./fixtures/canary-live-samples.json', import.meta.url), 'utf8')) as Recorded;

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LIVE_ERROR_RATE = 0.005;

/** `views` page views of a version whose views fail with probability `errorRate`, vitals from the recording. */
function views(rand: () => number, count: number, errorRate: number): StepSample {
  const lcpShare = Math.min(1, recorded.lcp.length / recorded.views);
  const inpShare = Math.min(1, recorded.inp.length / recorded.views);
  let errorViews = 0;
  const lcp: number[] = [];
  const inp: number[] = [];
  for (let i = 0; i < count; i++) {
    if (rand() < errorRate) errorViews++;
    if (rand() < lcpShare) lcp.push(recorded.lcp[Math.floor(rand() * recorded.lcp.length)]!);
    if (rand() < inpShare) inp.push(recorded.inp[Math.floor(rand() * recorded.inp.length)]!);
  }
  return { views: count, errorViews, lcp, inp };
}

/** One canary through every step: where it ended ('promote' or the weight it was rolled back at). */
function canary(rand: () => number, errorRate: number): { outcome: 'promote' | 'rollback'; weight: number } {
  const weights = STEP_WEIGHTS;
  for (let step = 0; step < weights.length; step++) {
    const weight = weights[step]!;
    const canaryViews = DEFAULT_STEP_VIEWS;
    const liveViews = Math.round((canaryViews * (100 - weight)) / weight);
    const d = decide({
      step,
      weights,
      minViews: DEFAULT_STEP_VIEWS,
      canary: views(rand, canaryViews, errorRate),
      live: views(rand, liveViews, LIVE_ERROR_RATE),
      liveVersion: '1.0.0',
    });
    if (d.decision === 'rollback') return { outcome: 'rollback', weight };
    if (d.decision === 'promote') return { outcome: 'promote', weight };
    expect(d.decision).toBe('advance');
  }
  throw new Error('the last step neither promoted nor rolled back');
}

describe('the canary simulation', () => {
  it('uses a real recording', () => {
    expect(recorded.lcp.length).toBeGreaterThanOrEqual(20);
    expect(recorded.inp.length).toBeGreaterThanOrEqual(10);
  });

  it('200 canaries of an identical build: none rolled back, every one promoted after the last step', () => {
    const rand = random(36_5);
    const outcomes = Array.from({ length: 200 }, () => canary(rand, LIVE_ERROR_RATE));
    expect(outcomes.filter((o) => o.outcome === 'rollback')).toEqual([]);
    expect(outcomes.every((o) => o.outcome === 'promote' && o.weight === 50)).toBe(true);
  });

  it('200 canaries of a build with a 5 % error rate (live 0.5 %): at least 95 % rolled back before half the traffic', () => {
    const rand = random(36_6);
    const outcomes = Array.from({ length: 200 }, () => canary(rand, 0.05));
    const early = outcomes.filter((o) => o.outcome === 'rollback' && o.weight < 50).length;
    expect(early).toBeGreaterThanOrEqual(190);
    // Most at the first step (5 % of borrowers): the sample size was chosen for it (docs/releasing.md).
    expect(outcomes.filter((o) => o.outcome === 'rollback' && o.weight === 5).length).toBeGreaterThanOrEqual(180);
  });
});
