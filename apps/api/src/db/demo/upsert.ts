import type { Queryable, Row } from '../types.ts';

const IDENT = /^[a-z_][a-z0-9_]*$/;

function ident(name: string): string {
  // Table and column names come from the seed's code, never from input; the check keeps it that way.
  if (!IDENT.test(name)) throw new Error(`demo seed: not a plain identifier: ${name}`);
  return name;
}

/** Arrays and plain objects are jsonb values (tags, landing configs); Dates and scalars go as they are. */
function param(value: unknown): { value: unknown; cast: string } {
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return { value: JSON.stringify(value), cast: '::jsonb' };
  }
  return { value, cast: '' };
}

export interface UpsertOptions {
  /**
   * Columns written when the row is inserted and left alone when it exists (a session's created_at, an
   * operator's password). When every non-key column is kept, an existing row is not touched at all.
   */
  keep?: readonly string[];
}

/**
 * The one writer of the demo seed: inserts each row of `rows` (column → value) into `table`, and when a row with
 * the same `key` columns exists, sets every other column of the row to the seeded value (except `keep`). A
 * re-run therefore puts demo rows back in their seeded state without touching rows people created. Rows are
 * written one by one in order (serial ids and sequences come out as the list says). Returns the written rows
 * (RETURNING *); a kept row that already existed is not returned.
 *
 * When the key is `id`, the table's id sequence is moved past the highest id afterwards (never back), so rows the
 * app creates later do not collide with the fixed demo ids.
 */
export async function upsert(
  tx: Queryable,
  table: string,
  key: readonly string[],
  rows: readonly Row[],
  options: UpsertOptions = {},
): Promise<Row[]> {
  const written: Row[] = [];
  for (const row of rows) {
    const columns = Object.keys(row).map(ident);
    for (const k of key) if (!columns.includes(k)) throw new Error(`demo seed: ${table} row without key column ${k}`);
    const params = columns.map((c) => param(row[c]));
    const updated = columns.filter((c) => !key.includes(c) && !options.keep?.includes(c));
    const onConflict = updated.length ? `DO UPDATE SET ${updated.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}` : 'DO NOTHING';
    written.push(
      ...(await tx.query(
        `INSERT INTO ${ident(table)} (${columns.join(', ')}) VALUES (${params.map((p, i) => `$${i + 1}${p.cast}`).join(', ')})
         ON CONFLICT (${key.map(ident).join(', ')}) ${onConflict} RETURNING *`,
        params.map((p) => p.value),
      )),
    );
  }
  if (key.length === 1 && key[0] === 'id' && rows.length) {
    // Forward only: another instance may be inserting while this one seeds at start, and ids it has been handed
    // (committed after this snapshot, or not yet) are above the max this transaction sees. Setting the sequence back
    // to that max made later inserts collide with them (a 500 on bank_cards_pkey with two instances).
    await tx.query(
      `SELECT setval(s.seq, t.top)
         FROM (SELECT pg_get_serial_sequence($1, 'id')::regclass AS seq) AS s,
              (SELECT max(id) AS top FROM ${ident(table)}) AS t
        WHERE t.top > COALESCE(pg_sequence_last_value(s.seq), 0)`,
      [table],
    );
  }
  return written;
}
