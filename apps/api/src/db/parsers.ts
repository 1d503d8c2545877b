/** Type parsers shared by both backends so that the same SQL yields the same JS values. */

export const OID = { int8: 20, date: 1082 } as const;

export class UnsafeIntegerError extends Error {
  override name = 'UnsafeIntegerError';
}

/** int8 → number, refusing values a JS number cannot hold exactly. */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new UnsafeIntegerError(`int8 value ${text} exceeds the safe integer range`);
  return n;
}

/** date → 'YYYY-MM-DD' as stored (no time zone shifting). */
export function parseDate(text: string): string {
  return text;
}
