/**
 * Instalment selection of spec 4.7, pure (no React), so that every rule is unit-tested on its own
 * (`__tests__/instalment-selection.test.ts`). The selection is a list of ticks aligned with the instalments
 * to pay (repayWaitDetail, in period order). Ticks are always a prefix: the first N instalments, N ≥ 1 when
 * anything is selectable.
 *
 * - The instalments with canClick 1 from the first on are selectable (the server marks those that can be paid
 *   together today, by the rule that refuses a payment ahead of its period: issue 40 item 3). When the first's
 *   canClick is 0, nothing is selectable and nothing is ticked. When it is 1, it starts ticked and can never be
 *   unticked.
 * - Ticking an instalment ticks it and every one before it.
 * - Unticking an instalment unticks it and every one after it.
 * - All-select ticks every selectable instalment (the sum of all), or, when they all are ticked, goes back to
 *   the first only.
 * - periodStatus 500 (a payment code covering the instalment is open, docs/repayment.md) changes nothing: a code
 *   that was opened and not paid must not lock the instalment (issue 11 item 4). The server keeps canClick 1 and
 *   answers the same code again for the same amount and method, so paying again cannot charge twice; the page
 *   offers "pay with this code" or another method.
 */

/** Spec 9: the special period status: a payment code covering this instalment is open (not paid yet). */
export const PERIOD_CONFIRMING = 500;

export interface SelectableInstalment {
  periodNo: number;
  totalAmount: number;
  canClick: number;
  periodStatus: number;
}

export type Ticks = readonly boolean[];

/** True when the list allows any selection at all: its first instalment has canClick 1. */
export function canSelect(items: readonly SelectableInstalment[]): boolean {
  const first = items[0];
  return first !== undefined && first.canClick === 1;
}

/** How many instalments, from the first, can be ticked: the leading run with canClick 1 (0 when nothing is selectable). */
export function selectableCount(items: readonly SelectableInstalment[]): number {
  const firstNot = items.findIndex((i) => i.canClick !== 1);
  return firstNot === -1 ? items.length : firstNot;
}

/** Whether instalment `index` can be ticked. */
export function isSelectable(items: readonly SelectableInstalment[], index: number): boolean {
  return index >= 0 && index < selectableCount(items);
}

/** The first `n` ticked, the rest not. */
function prefix(length: number, n: number): boolean[] {
  return Array.from({ length }, (_, i) => i < n);
}

/** What the page starts with: the first instalment ticked when selectable, else nothing. */
export function initialTicks(items: readonly SelectableInstalment[]): boolean[] {
  return prefix(items.length, canSelect(items) ? 1 : 0);
}

/**
 * A tap on instalment `index`. Ticking ticks it and all before it; unticking unticks it and all after it;
 * the first stays ticked; a tap on an instalment that cannot be selected changes nothing.
 */
export function toggle(items: readonly SelectableInstalment[], ticks: Ticks, index: number): boolean[] {
  if (!isSelectable(items, index)) return [...ticks];
  if (ticks[index]) {
    if (index === 0) return [...ticks];
    return prefix(items.length, index);
  }
  return prefix(items.length, index + 1);
}

/** True when every selectable instalment is ticked (and there is at least one). */
export function isAllSelected(items: readonly SelectableInstalment[], ticks: Ticks): boolean {
  const n = selectableCount(items);
  return n > 0 && ticks.slice(0, n).every(Boolean);
}

/** All-select: every selectable instalment on, or (when all are) back to the first only. */
export function toggleAll(items: readonly SelectableInstalment[], ticks: Ticks): boolean[] {
  const n = selectableCount(items);
  if (n === 0) return [...ticks];
  return prefix(items.length, isAllSelected(items, ticks) ? 1 : n);
}

/** How many instalments are ticked (the `periods` the payment covers). */
export function tickedCount(ticks: Ticks): number {
  return ticks.filter(Boolean).length;
}

/** The sum of the ticked instalments, minor units. */
export function selectedTotal(items: readonly SelectableInstalment[], ticks: Ticks): number {
  return items.reduce((sum, it, i) => (ticks[i] ? sum + it.totalAmount : sum), 0);
}

/** Instalments in period order (the server's order is not relied on). */
export function byPeriod<T extends SelectableInstalment>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.periodNo - b.periodNo);
}
