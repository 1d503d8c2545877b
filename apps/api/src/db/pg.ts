import pg from 'pg';
import { OID, parseDate, parseInt8 } from './parsers.ts';
import type { DbPoolSettings } from '../env.ts';
import { preparedName } from './prepared.ts';
import type { Db, Queryable } from './types.ts';

/** Real PostgreSQL through a pg Pool: many API instances can share one server. */
export async function openPg(options: {
  connectionString: string;
  /** search_path for every connection of the pool (tests run each file in its own schema). */
  schema?: string;
  max?: number;
  /**
   * Pool size and timeouts (env DB_*; docs/deploy.md): `poolMax` connections (else `max`, else 10), a checkout
   * waits `connectionTimeoutMs` (0: forever), the server cancels a statement after `statementTimeoutMs`
   * (0: no limit; set per connection at connect), idle connections close after `idleTimeoutMs` (0: never).
   */
  pool?: Partial<DbPoolSettings>;
}): Promise<Db> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown => {
      if (oid === OID.int8) return parseInt8;
      if (oid === OID.date) return parseDate;
      return pg.types.getTypeParser(oid, format);
    }) as typeof pg.types.getTypeParser,
  };
  const settings = options.pool ?? {};
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: settings.poolMax ?? options.max ?? 10,
    connectionTimeoutMillis: settings.connectionTimeoutMs ?? 0,
    idleTimeoutMillis: settings.idleTimeoutMs ?? 10_000,
    ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
    application_name: 'lendview-api',
    types,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', () => {});
  // Fail at start, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const values = params ? [...params] : undefined;
      // A statement marked by db/prepared.ts goes as a named statement (parsed and planned once per connection).
      const name = preparedName(sql);
      const res = name ? await q.query({ name, text: sql, values }) : await q.query(sql, values);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });

  let closing: Promise<void> | undefined;
  return {
    kind: 'pg',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw e;
      } finally {
        // A connection that could not even roll back is discarded rather than returned to the pool.
        client.release(broken);
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
