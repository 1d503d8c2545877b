/**
 * Order status catalogue (ARCHITECTURE.md) → the key of its short label in this remote's messages
 * (`order.status.s<status>`). A status outside the catalogue shows no label.
 */
// 210: closed in the cooling-off period (issue 18 item 2).
const KNOWN = new Set([21, 110, 151, 170, 174, 180, 200, 210, 3, 4, 5]);

export function statusKey(status: number): string | undefined {
  return KNOWN.has(status) ? `order.status.s${status}` : undefined;
}

/** Tone of the status chip: overdue red, settled green, rejected grey, the rest blue. */
export function statusTone(status: number): 'danger' | 'success' | 'muted' | 'info' {
  if (status === 180 || status === 5) return 'danger';
  if (status === 200 || status === 4 || status === 210) return 'success';
  if (status === 110) return 'muted';
  return 'info';
}
