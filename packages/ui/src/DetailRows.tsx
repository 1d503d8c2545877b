import { cx } from './cx.ts';

export interface DetailRow {
  text: string;
  value: string;
}

export interface DetailRowsProps {
  rows: readonly DetailRow[];
  className?: string;
}

/**
 * Rows of text and value (server texts, e.g. spec 3's userOrderDetail.detail) as a description list; nothing
 * when there are none. Screens that write their own rows use the same classes: `lv-rows`, `lv-rows__row`.
 */
export function DetailRows({ rows, className }: DetailRowsProps) {
  if (rows.length === 0) return null;
  return (
    <dl className={cx('lv-rows', className)}>
      {rows.map((row, i) => (
        <div className="lv-rows__row" key={`${i}-${row.text}`}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
