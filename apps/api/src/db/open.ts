import { join } from 'node:path';
import type { Env } from '../env.ts';
import { openPg } from './pg.ts';
import { openPglite } from './pglite.ts';
import type { Db } from './types.ts';

/** The database the environment asks for: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openDb(env: Pick<Env, 'databaseUrl' | 'dataDir'> & Partial<Pick<Env, 'db'>>): Promise<Db> {
  if (env.databaseUrl) return openPg({ connectionString: env.databaseUrl, pool: env.db });
  return openPglite({ dataDir: join(env.dataDir, 'pglite') });
}
