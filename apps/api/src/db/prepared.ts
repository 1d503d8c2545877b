/**
 * Named (prepared) statements for the hot reads (docs/performance.md "Hot reads", round 2). `prepared(sql)` marks a
 * constant statement text and gives it back unchanged; on PostgreSQL (db/pg.ts) a marked text is sent as a named
 * statement, parsed and planned once per pooled connection and then only bound and executed: the server's parse
 * and planning work is not repeated on every request. PGlite ignores the mark. Same text, same parameters, same
 * rows: only how often PostgreSQL parses it changes (it re-plans by itself after a schema change).
 *
 * Only constant texts: every marked text keeps its name for the life of the process (one entry per statement).
 */
const names = new Map<string, string>();

export function prepared(sql: string): string {
  if (!names.has(sql)) names.set(sql, `lv_hot_${names.size + 1}`);
  return sql;
}

/** The statement name of a marked text; undefined for any other text. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}
