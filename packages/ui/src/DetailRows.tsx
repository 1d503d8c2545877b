import { cx } from './cx.ts';

export interface DetailRow {
  text: string;
  value: string;
}

export interface DetailRowsProps {
  rows: readonly DetailRow[];
  /**
   * 'fit' (default): the label takes the room the value leaves, the value at most 62 %. 'fixed': the label 45 %,
   * the value 55 %, whatever their length. Hand-written rows add the class `lv-rows--fixed`.
   */
  columns?: 'fit' | 'fixed';
  className?: string;
}

/**
 * Rows of text and value (server texts, e.g. spec 3's userOrderDetail.detail) as a description list; nothing
 * when there are none. Screens that write their own rows use the same classes: `lv-rows`, `lv-rows__row`.
 */
export function DetailRows({ rows, columns = 'fit', className }: DetailRowsProps) {
  if (rows.length === 0) return null;
  return (
    <dl className={cx('lv-rows', columns === 'fixed' && 'lv-rows--fixed', className)}>
      {rows.map((row, i) => (
        <div className="lv-rows__row" key={`${i}-${row.text}`}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
