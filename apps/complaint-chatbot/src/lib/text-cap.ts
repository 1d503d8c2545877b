/**
 * Spec 5: the complaint text is capped; input past the cap is ignored. Lengths are UTF-16 code units, as the
 * server counts them (zod `.max`), and a cut never splits a surrogate pair (an emoji is kept whole or not at all).
 */

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** `text` cut to at most `max` code units without splitting a pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max);
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

export interface CapResult {
  value: string;
  /** Where the caret belongs: just after what was inserted (as much of it as fitted). */
  caret: number;
}

/**
 * The text after an edit that turned `prev` into `next`, keeping at most `max` code units. What the edit
 * inserted (typed or pasted, anywhere in the text) is kept only as far as it fits; the text around it never
 * loses anything. A `prev` already over the cap (an old draft) is cut first.
 */
export function capEdit(prev: string, next: string, max: number): CapResult {
  if (next.length <= max) return { value: next, caret: -1 };
  const before = truncate(prev, max);
  // The edit is next = head + inserted + tail, where before = head + removed + tail.
  let head = 0;
  const headMax = Math.min(before.length, next.length);
  while (head < headMax && before.charCodeAt(head) === next.charCodeAt(head)) head += 1;
  let tail = 0;
  const tailMax = Math.min(before.length, next.length) - head;
  while (tail < tailMax && before.charCodeAt(before.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)) tail += 1;
  // Do not start or end the kept parts inside a surrogate pair.
  if (head > 0 && isHighSurrogate(next.charCodeAt(head - 1))) head -= 1;
  if (tail > 0 && isHighSurrogate(next.charCodeAt(next.length - tail - 1))) tail -= 1;
  const kept = next.slice(0, head);
  const rest = next.slice(next.length - tail);
  const room = Math.max(0, max - kept.length - rest.length);
  const inserted = truncate(next.slice(head, next.length - tail), room);
  const value = truncate(kept + inserted + rest, max);
  return { value, caret: kept.length + inserted.length };
}
