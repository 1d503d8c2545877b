import { describe, expect, it } from 'vitest';
import {
  PERIOD_CONFIRMING,
  byPeriod,
  canSelect,
  initialTicks,
  isAllSelected,
  isSelectable,
  selectableCount,
  selectedTotal,
  tickedCount,
  toggle,
  toggleAll,
  type SelectableInstalment,
} from '../lib/instalment-selection.ts';

const item = (periodNo: number, over: Partial<SelectableInstalment> = {}): SelectableInstalment => ({
  periodNo,
  totalAmount: periodNo * 1_000,
  canClick: 1,
  periodStatus: 0,
  ...over,
});

const FOUR = [item(1), item(2), item(3), item(4)];
const T = true;
const F = false;

describe('spec 4.7: the first instalment and canClick', () => {
  it('issue 40 item 3: only the leading run with canClick 1 can be ticked (the rest would be paid ahead)', () => {
    const items = [item(1), item(2), item(3, { canClick: 0 }), item(4, { canClick: 0 })];
    expect(selectableCount(items)).toBe(2);
    expect(isSelectable(items, 2)).toBe(false);
    expect(toggle(items, initialTicks(items), 3)).toEqual([T, F, F, F]);
    expect(toggleAll(items, initialTicks(items))).toEqual([T, T, F, F]);
  });

  it('the first instalment starts ticked when its canClick is 1', () => {
    expect(canSelect(FOUR)).toBe(true);
    expect(initialTicks(FOUR)).toEqual([T, F, F, F]);
    expect(selectedTotal(FOUR, initialTicks(FOUR))).toBe(1_000);
  });

  it('canClick 0 on the first: nothing is selectable, nothing ticked, taps and all-select change nothing', () => {
    const items = [item(1, { canClick: 0 }), item(2, { canClick: 1 }), item(3), item(4)];
    expect(canSelect(items)).toBe(false);
    expect(selectableCount(items)).toBe(0);
    const start = initialTicks(items);
    expect(start).toEqual([F, F, F, F]);
    for (let i = 0; i < items.length; i++) {
      expect(isSelectable(items, i)).toBe(false);
      expect(toggle(items, start, i)).toEqual([F, F, F, F]);
    }
    expect(toggleAll(items, start)).toEqual([F, F, F, F]);
    expect(isAllSelected(items, start)).toBe(false);
    expect(selectedTotal(items, start)).toBe(0);
  });

  it('the first instalment cannot be unticked', () => {
    expect(toggle(FOUR, [T, F, F, F], 0)).toEqual([T, F, F, F]);
    // Not even when later ones are ticked: nothing changes.
    expect(toggle(FOUR, [T, T, T, F], 0)).toEqual([T, T, T, F]);
  });

  it('an empty list selects nothing', () => {
    expect(canSelect([])).toBe(false);
    expect(initialTicks([])).toEqual([]);
    expect(toggleAll([], [])).toEqual([]);
    expect(isAllSelected([], [])).toBe(false);
  });
});

describe('spec 4.7: ticking and unticking', () => {
  it('ticking one ticks it and every one before it', () => {
    expect(toggle(FOUR, [T, F, F, F], 2)).toEqual([T, T, T, F]);
    expect(toggle(FOUR, [T, F, F, F], 3)).toEqual([T, T, T, T]);
    expect(toggle(FOUR, [T, F, F, F], 1)).toEqual([T, T, F, F]);
  });

  it('unticking one in the middle unticks it and every one after it', () => {
    expect(toggle(FOUR, [T, T, T, T], 1)).toEqual([T, F, F, F]);
    expect(toggle(FOUR, [T, T, T, T], 2)).toEqual([T, T, F, F]);
    expect(toggle(FOUR, [T, T, T, F], 2)).toEqual([T, T, F, F]);
  });

  it('unticking the last unticks it only', () => {
    expect(toggle(FOUR, [T, T, T, T], 3)).toEqual([T, T, T, F]);
  });

  it('counts and sums what is ticked', () => {
    const ticks = toggle(FOUR, initialTicks(FOUR), 2);
    expect(tickedCount(ticks)).toBe(3);
    expect(selectedTotal(FOUR, ticks)).toBe(1_000 + 2_000 + 3_000);
  });

  it('does not change the list it is given', () => {
    const ticks = [T, F, F, F];
    toggle(FOUR, ticks, 3);
    toggleAll(FOUR, ticks);
    expect(ticks).toEqual([T, F, F, F]);
  });
});

describe('spec 4.7: all-select', () => {
  it('turns all on (the sum of all), then back to the first only', () => {
    const on = toggleAll(FOUR, [T, F, F, F]);
    expect(on).toEqual([T, T, T, T]);
    expect(isAllSelected(FOUR, on)).toBe(true);
    expect(selectedTotal(FOUR, on)).toBe(10_000);
    const off = toggleAll(FOUR, on);
    expect(off).toEqual([T, F, F, F]);
    expect(isAllSelected(FOUR, off)).toBe(false);
    expect(selectedTotal(FOUR, off)).toBe(1_000);
  });

  it('from a partial selection turns all on', () => {
    expect(toggleAll(FOUR, [T, T, F, F])).toEqual([T, T, T, T]);
  });

  it('ticking the last one by hand makes the selection "all"', () => {
    expect(isAllSelected(FOUR, toggle(FOUR, [T, F, F, F], 3))).toBe(true);
  });

  it('with a single instalment, all-select is the first one and stays so', () => {
    const one = [item(1)];
    expect(isAllSelected(one, initialTicks(one))).toBe(true);
    expect(toggleAll(one, [T])).toEqual([T]);
  });
});

// Issue 11 item 4: an open, unpaid code (500) must not lock the instalments; only canClick decides (spec 4.7).
describe('periodStatus 500: a payment code is open', () => {
  it('a first instalment in 500 with canClick 1 stays selectable and starts ticked', () => {
    const items = [item(1, { periodStatus: PERIOD_CONFIRMING, canClick: 1 }), item(2), item(3)];
    expect(canSelect(items)).toBe(true);
    expect(initialTicks(items)).toEqual([T, F, F]);
    expect(toggle(items, [T, F, F], 1)).toEqual([T, T, F]);
    expect(toggleAll(items, [T, F, F])).toEqual([T, T, T]);
    expect(selectedTotal(items, [T, F, F])).toBe(1_000);
  });

  it('an instalment in 500 later in the list is selectable like any other; all-select takes every one', () => {
    const items = [item(1), item(2), item(3, { periodStatus: PERIOD_CONFIRMING }), item(4)];
    expect(selectableCount(items)).toBe(4);
    expect(isSelectable(items, 2)).toBe(true);
    expect(toggle(items, [T, F, F, F], 2)).toEqual([T, T, T, F]);
    const all = toggleAll(items, [T, F, F, F]);
    expect(all).toEqual([T, T, T, T]);
    expect(selectedTotal(items, all)).toBe(10_000);
  });

  it('a first instalment in 500 with canClick 0 is not selectable (canClick decides)', () => {
    const items = [item(1, { periodStatus: PERIOD_CONFIRMING, canClick: 0 }), item(2)];
    expect(canSelect(items)).toBe(false);
    expect(initialTicks(items)).toEqual([F, F]);
  });
});

describe('order', () => {
  it('sorts by period number without touching the input', () => {
    const items = [item(3), item(1), item(2)];
    expect(byPeriod(items).map((i) => i.periodNo)).toEqual([1, 2, 3]);
    expect(items.map((i) => i.periodNo)).toEqual([3, 1, 2]);
  });
});
