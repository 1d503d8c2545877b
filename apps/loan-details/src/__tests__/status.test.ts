import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@lendview/contracts';
import { statusImage, statusView } from '../status.ts';

// Spec 4.9 and the status catalogue of ARCHITECTURE.md, row by row.
const CATALOGUE: [status: number, image: number, repay: boolean, delayable: boolean, loanMore: boolean, recommendations: boolean][] = [
  [21, 21, false, false, false, true],
  [110, 110, false, false, false, true],
  [151, 151, false, false, false, true],
  [170, 200, true, false, false, false],
  [174, 174, true, true, false, false],
  [180, 180, true, true, false, false],
  [200, 200, false, false, true, false],
  // Issue 18 item 2: closed in the cooling-off period, settled for 'loan more'.
  [210, 200, false, false, true, false],
  [3, 200, true, true, false, true],
  [4, 200, false, false, true, true],
  [5, 200, true, true, false, true],
];

describe('statusView', () => {
  it('covers every status of the catalogue', () => {
    expect(CATALOGUE.map(([s]) => s).sort((a, b) => a - b)).toEqual([...ORDER_STATUSES].sort((a, b) => a - b));
  });

  it.each(CATALOGUE)(
    'status %i: image %i, repay %s, delay %s, loan more %s, recommendations %s',
    (status, image, repay, delayable, loanMore, recommendations) => {
      expect(statusView(status, '0')).toEqual({ image, repay, delay: false, loanMore, recommendations });
      expect(statusView(status, '1')).toEqual({ image, repay, delay: delayable, loanMore, recommendations });
    },
  );

  it('shows the 200 image, no buttons and the recommendations for a status outside the catalogue', () => {
    expect(statusView(999, '1')).toEqual({ image: 200, repay: false, delay: false, loanMore: false, recommendations: true });
    expect(statusImage(0)).toBe(200);
  });

  it('gives the six statuses with their own image that image', () => {
    expect([21, 151, 174, 180, 110, 200].map(statusImage)).toEqual([21, 151, 174, 180, 110, 200]);
  });
});
