import { performance } from 'node:perf_hooks';
import { SpanKind, SpanStatusCode, context, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import type { Db, Queryable } from '../db/types.ts';
import type { Telemetry } from './index.ts';

/**
 * The one database wrapper of the telemetry (docs/observability.md): every query, statement batch (`exec`) and
 * transaction of `db` is timed into db_client_operation_duration_seconds and, while tracing is on and a request
 * (or another span) is active, gets a client span under it. Attributes: db.system (postgresql | pglite) and
 * db.operation.name (the statement's first SQL keyword, or TRANSACTION). Never the SQL parameters, never the
 * statement text (a literal in it may be a value); a failed query's span has only its SQLSTATE.
 *
 * The server wraps the database it opens (server.ts); buildApp takes the telemetry from it (telemetryOf).
 */
export function instrumentDb(db: Db, telemetry: Telemetry): Db {
  const system = db.kind === 'pg' ? 'postgresql' : 'pglite';
  const { metrics } = telemetry;
  const tracer = telemetry.tracing?.tracer;
  const poolStats = db.poolStats?.bind(db);
  if (poolStats) metrics.observePool(system, poolStats);

  async function measure<T>(operation: string, run: () => Promise<T>): Promise<T> {
    const attributes: Attributes = { 'db.system': system, 'db.operation.name': operation };
    const start = performance.now();
    // Off: no span, no context lookup. On: only inside a request's (or another) trace, so start-up migrations and
    // the housekeeping jobs do not each make a trace of their own.
    const parent = tracer ? trace.getSpan(context.active()) : undefined;
    if (!tracer || !parent) {
      try {
        return await run();
      } finally {
        metrics.dbDuration.record((performance.now() - start) / 1000, attributes);
      }
    }
    return startSpan(tracer, operation, attributes, async (span) => {
      try {
        return await run();
      } catch (err) {
        // The SQLSTATE only: a database message may quote the offending value.
        const code = (err as { code?: unknown }).code;
        const sqlState = typeof code === 'string' && SQLSTATE.test(code) ? code : undefined;
        span.setStatus({ code: SpanStatusCode.ERROR, message: sqlState ?? 'error' });
        if (sqlState) span.setAttribute('db.response.status_code', sqlState);
        throw err;
      } finally {
        metrics.dbDuration.record((performance.now() - start) / 1000, attributes);
        span.end();
      }
    });
  }

  const wrap = (q: Queryable): Queryable => ({
    query: <T>(sql: string, params?: readonly unknown[]) => measure(sqlOperation(sql), () => q.query<T>(sql, params)),
    exec: (sql: string) => measure(sqlOperation(sql), () => q.exec(sql)),
  });

  const wrapped: Db = {
    kind: db.kind,
    ...wrap(db),
    transaction: (fn) => measure('TRANSACTION', () => db.transaction((tx) => fn(wrap(tx)))),
    close: () => db.close(),
    ...(poolStats ? { poolStats } : {}),
  };
  instrumented.set(wrapped, telemetry);
  return wrapped;
}

const instrumented = new WeakMap<Db, Telemetry>();
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The telemetry a database was instrumented with (buildApp uses it when given none). */
export function telemetryOf(db: Db): Telemetry | undefined {
  return instrumented.get(db);
}

function startSpan<T>(tracer: Tracer, name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, fn);
}

/** Statements the server runs; anything else is OTHER (the label stays bounded). */
const KEYWORDS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'WITH',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'CREATE',
  'ALTER',
  'DROP',
  'TRUNCATE',
  'LOCK',
  'SET',
  'SHOW',
  'DO',
  'VACUUM',
  'ANALYZE',
  'COPY',
  'EXPLAIN',
  'GRANT',
  'REVOKE',
  'COMMENT',
  'VALUES',
]);

/** The first SQL keyword of a statement (comments and blanks skipped), upper case: SELECT, INSERT, ... or OTHER. */
export function sqlOperation(sql: string): string {
  let i = 0;
  for (;;) {
    while (i < sql.length && /\s|\(/.test(sql[i]!)) i++;
    if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      if (end === -1) return 'OTHER';
      i = end + 1;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      if (end === -1) return 'OTHER';
      i = end + 2;
    } else break;
  }
  const word = /^[A-Za-z]+/.exec(sql.slice(i, i + 16))?.[0]?.toUpperCase();
  return word && KEYWORDS.has(word) ? word : 'OTHER';
}
