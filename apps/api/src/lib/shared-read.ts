// Reads whose statement holds nothing of the caller (contact info's reference data, the recommend list's quota usage
// of the day) give every caller at the same moment the same answer. Under load, many callers ask at once, and each
// asked the database on its own: one round trip per request for one answer (docs/performance.md "Hot reads").
//
// sharedRead asks once for the callers that arrive together, and keeps "a change is seen at once" (docs/operations.md):
// every caller gets the answer of a read that started after it called. A caller that arrives while a read is running
// does not take that read's answer (it began before the caller came, and may have missed a change committed in
// between): it waits for the next read, which starts when the running one ends and serves everyone who arrived
// meanwhile. So at most one read per key is running and one is waiting, whatever the number of callers.

interface Slot<T> {
  running: Promise<T> | null;
  waiting: Promise<T> | null;
}

const slotsOf = new WeakMap<object, Map<string, Slot<unknown>>>();

/**
 * `read()`'s answer for `key` on `owner` (the database object: one instance's pool, or a test's database), shared by
 * the callers that arrive while one read is running. Only for reads that take nothing from the caller but `key`.
 */
export function sharedRead<T>(owner: object, key: string, read: () => Promise<T>): Promise<T> {
  let found = slotsOf.get(owner);
  if (!found) slotsOf.set(owner, (found = new Map<string, Slot<unknown>>()));
  const slots = found;
  let slot = slots.get(key) as Slot<T> | undefined;
  if (!slot) slots.set(key, (slot = { running: null, waiting: null }));
  const s = slot;
  const start = (): Promise<T> => {
    const p = read().finally(() => {
      if (s.running === p) s.running = null;
      // Keys like a business day come and go: an idle one is forgotten.
      if (!s.running && !s.waiting && slots.get(key) === s) slots.delete(key);
    });
    s.running = p;
    return p;
  };
  if (!s.running) return start();
  s.waiting ??= s.running
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      s.waiting = null;
      return start();
    });
  return s.waiting;
}
