export interface TextValue {
  text: string;
  value: string;
}

/** Spec 3 (extension detail): a row whose value is empty or 0 is not shown. */
export function isShownRow(row: TextValue): boolean {
  const value = row.value.trim();
  return value !== '' && value !== '0';
}

export function visibleRows<T extends TextValue>(rows: readonly T[]): T[] {
  return rows.filter(isShownRow);
}
