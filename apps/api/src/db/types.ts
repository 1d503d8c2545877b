/**
 * The database seen by the rest of the API: plain SQL, the same text for PGlite and PostgreSQL.
 *
 * Value conventions (both backends parse the same way, see parsers.ts):
 * - bigint (int8) columns come back as JS numbers; a value beyond Number.MAX_SAFE_INTEGER throws instead of
 *   losing precision. Money is always integer minor units in bigint columns.
 * - date columns come back as 'YYYY-MM-DD' strings; timestamptz as Date; jsonb parsed.
 * - pass jsonb parameters as JSON.stringify(value) with a `$n::jsonb` cast.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with $1.. parameters; returns the rows. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** One or more statements without parameters (migrations, scripts). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /**
   * Runs fn inside BEGIN/COMMIT (ROLLBACK when it throws). Inside, use `tx` only: on PGlite a query on the
   * outer db waits for the transaction to end, i.e. forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the pool or the PGlite instance (and releases its data folder lock). Idempotent. */
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (open, idle) and checkouts waiting, for the metrics (src/telemetry). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
