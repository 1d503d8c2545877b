import { PGlite, type Transaction } from '@electric-sql/pglite';
import { acquireLock, type FileLock } from './lock-file.ts';
import { OID, parseDate, parseInt8 } from './parsers.ts';
import type { Db, Queryable } from './types.ts';

/** A PGlite database can also write its data folder out as a tar (what `loadDataDir` reads back). */
export interface PgliteDb extends Db {
  dumpDataDir(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (PGlite). One instance per process and per data folder: the folder is locked with a
 * pid file (`<dataDir>.lock`) while open. Omit dataDir for an in-memory database (tests).
 *
 * PGlite runs one query at a time; its transaction() holds a mutex, so the same code is correct here and on
 * a PostgreSQL pool.
 */
export async function openPglite(
  options: {
    dataDir?: string;
    /** Start from a dump of another instance's data folder (the API tests' template databases). */
    loadDataDir?: Blob;
  } = {},
): Promise<PgliteDb> {
  let lock: FileLock | undefined;
  if (options.dataDir) lock = acquireLock(`${options.dataDir.replace(/\/+$/, '')}.lock`);
  let pg: PGlite;
  try {
    pg = new PGlite({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers: { [OID.int8]: parseInt8, [OID.date]: parseDate },
    });
    await pg.waitReady;
  } catch (e) {
    lock?.release();
    throw e;
  }

  const wrap = (q: PGlite | Transaction): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await q.query<T>(sql, params ? [...params] : undefined);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });

  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    dumpDataDir: () => pg.dumpDataDir('none'),
    close() {
      closing ??= (async () => {
        try {
          if (!pg.closed) await pg.close();
        } finally {
          lock?.release();
        }
      })();
      return closing;
    },
  };
}
