import type { TextValue } from '../lib/detail-rows.ts';

/** Rows of text and value (server texts), as a description list. */
export function DetailRows({ rows, className }: { rows: readonly TextValue[]; className?: string }) {
  if (rows.length === 0) return null;
  return (
    <dl className={className ? `rp-rows ${className}` : 'rp-rows'}>
      {rows.map((row, i) => (
        <div className="rp-rows__row" key={`${i}-${row.text}`}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
