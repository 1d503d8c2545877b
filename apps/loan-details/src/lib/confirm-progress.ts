/**
 * What the borrower already did on /confirm for one product, kept for the tab (issue 40): an agreement opened from
 * the page replaces it in the web view, and coming back loads /confirm afresh. Without this the popup agreement
 * came back and the key facts statement had to be opened again. The statement counts as opened only while its
 * hash is the one shown now (ConfirmPage compares), so a changed offer still asks for it again.
 */
export interface ConfirmProgress {
  /** The popup agreement of spec 4.8 was agreed to. */
  popupAgreed: boolean;
  /** sha256 of the key facts statement the borrower opened. */
  factsOpened: string | null;
}

import { useSyncExternalStore } from 'react';

const KEY = 'lv.confirm';
const NONE: ConfirmProgress = { popupAgreed: false, factsOpened: null };

function readAll(): Record<string, ConfirmProgress> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ConfirmProgress>) : {};
  } catch {
    return {};
  }
}

export function readConfirmProgress(productId: string): ConfirmProgress {
  if (typeof sessionStorage === 'undefined') return NONE;
  const p = readAll()[productId];
  return {
    popupAgreed: p?.popupAgreed === true,
    factsOpened: typeof p?.factsOpened === 'string' ? p.factsOpened : null,
  };
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
// One object per stored text, so that React sees the same snapshot until something is saved.
const snapshots = new Map<string, ConfirmProgress>();

function snapshotOf(productId: string): ConfirmProgress {
  const p = readConfirmProgress(productId);
  const text = `${productId}:${JSON.stringify(p)}`;
  const known = snapshots.get(text);
  if (known) return known;
  snapshots.set(text, p);
  return p;
}

/**
 * The saved progress of this product's confirmation. Nothing on the server and while the page hydrates (the
 * server cannot know it, and the markup must match), the tab's saved progress right after.
 */
export function useConfirmProgress(productId: string): ConfirmProgress {
  return useSyncExternalStore(
    subscribe,
    () => snapshotOf(productId),
    () => NONE,
  );
}

export function saveConfirmProgress(productId: string, change: Partial<ConfirmProgress>): void {
  try {
    const all = readAll();
    all[productId] = { ...readConfirmProgress(productId), ...change };
    sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Private mode or a full storage: the page works, it only asks again after a return.
  }
  listeners.forEach((l) => l());
}
