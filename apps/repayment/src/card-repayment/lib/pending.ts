/**
 * The code step of spec 4.3: the repayment record waiting for its SMS code, the card it was sent for and when the
 * code went out. Kept in sessionStorage per order, so that a reload of the tab comes back to the code field: the
 * server keeps one record per order at a time and answers a second commit with 800005.
 */
export interface CodeStep {
  recordId: number;
  cardId: number;
  /** Date.now() when the code was sent. */
  sentAt: number;
}

const key = (orderId: string) => `lv.repayLegacy.${orderId}`;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The saved step of the order, if any and well-formed; older than 15 minutes (the server's record life) is dropped. */
export function loadCodeStep(orderId: string, now = Date.now()): CodeStep | null {
  if (!orderId) return null;
  try {
    const raw = storage()?.getItem(key(orderId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<CodeStep>;
    const ok = [v.recordId, v.cardId, v.sentAt].every((n) => typeof n === 'number' && Number.isFinite(n));
    if (!ok || now - v.sentAt! > MAX_AGE_MS || v.sentAt! > now) return null;
    return { recordId: v.recordId!, cardId: v.cardId!, sentAt: v.sentAt! };
  } catch {
    return null;
  }
}

export function saveCodeStep(orderId: string, step: CodeStep | null): void {
  if (!orderId) return;
  try {
    if (step) storage()?.setItem(key(orderId), JSON.stringify(step));
    else storage()?.removeItem(key(orderId));
  } catch {
    // Blocked or full storage: a reload then simply starts over.
  }
}

const MAX_AGE_MS = 15 * 60 * 1000;
