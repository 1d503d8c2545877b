import type { DetailRow } from '@lendview/contracts';

/** Rows of text and value from the server (spec 3: userOrderDetail.detail, details, detail1, detail2). */
export function DetailRows({ rows, className }: { rows: readonly DetailRow[]; className?: string }) {
  if (rows.length === 0) return null;
  return (
    <dl className={className ? `ld-rows ${className}` : 'ld-rows'}>
      {rows.map((row, i) => (
        <div className="ld-rows__row" key={`${i}-${row.text}`}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
