import { COMPLAINT_MAX_CHARS, COMPLAINT_MAX_IMAGES } from './limits.ts';
import { truncate } from './text-cap.ts';

/**
 * The complaint form's local draft (spec 4.1: "on success, local storage is cleared"): the text and the URLs
 * of the photos already uploaded, one draft per problem type and order, so nothing is lost on a reload, a
 * failed submit or a closed web view. Photos still uploading are not in it (they have no URL yet).
 */
export interface Draft {
  text: string;
  /** URLs from upload-problem-img, in order. */
  images: string[];
  /** The type chosen on the form itself (only when the form was opened without one). */
  problemType?: number;
  problemSonType?: number;
  savedAt: number;
}

const PREFIX = 'lv.complaint.draft.v1';
/** A draft older than this is dropped: the device may be shared, and an old complaint is likely stale. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** One key per problem type and order, as the form was opened (query problemType, else problemIndex, else '-'). */
export function draftKey(type: string, orderNo: string): string {
  return `${PREFIX}:${type || '-'}:${orderNo}`;
}

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The draft under `key`, or null (none, unreadable, malformed or expired; an expired one is removed). */
export function loadDraft(key: string, now: number = Date.now()): Draft | null {
  const s = store();
  let raw: string | null = null;
  try {
    raw = s?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Draft> | null;
    if (!v || typeof v !== 'object' || typeof v.text !== 'string' || !Array.isArray(v.images) || !isInt(v.savedAt)) return null;
    if (now - v.savedAt > DRAFT_TTL_MS) {
      clearDraft(key);
      return null;
    }
    return {
      text: truncate(v.text, COMPLAINT_MAX_CHARS),
      images: v.images.filter((u): u is string => typeof u === 'string' && u.length > 0).slice(0, COMPLAINT_MAX_IMAGES),
      problemType: isInt(v.problemType) ? v.problemType : undefined,
      problemSonType: isInt(v.problemSonType) ? v.problemSonType : undefined,
      savedAt: v.savedAt,
    };
  } catch {
    return null;
  }
}

/** Saves the draft; an empty one (no text, no photos, no chosen type) removes the key instead. */
export function saveDraft(key: string, draft: Omit<Draft, 'savedAt'>, now: number = Date.now()): void {
  const s = store();
  if (!s) return;
  try {
    if (!draft.text && draft.images.length === 0 && draft.problemType === undefined) s.removeItem(key);
    else s.setItem(key, JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    // Full or blocked storage: the form still works, only the draft is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
