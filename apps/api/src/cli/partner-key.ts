// `pnpm --filter @lendview/api partner:key <productId>`: issues (or replaces) the exchange key of the partner lender
// behind product <productId> and prints it once (docs/api.md "Joint login with partners"). Only its hash is stored,
// so a lost key is replaced by running this again, which revokes the old one.
//
// It opens the database the environment names (DATABASE_URL, else the PGlite folder under DATA_DIR). PGlite is one
// process at a time: stop `npm start` first; with PostgreSQL it runs beside the servers.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../db/open.ts';
import { migrate } from '../db/migrate.ts';
import { loadEnv } from '../env.ts';
import { issuePartnerKey } from '../services/partner.ts';

/** The product id of `args` (the one argument), or an error message. */
export function parsePartnerKeyArgs(args: readonly string[]): { productId: number } | { error: string } {
  const usage = 'usage: pnpm --filter @lendview/api partner:key <productId>';
  if (args.length !== 1) return { error: usage };
  const productId = Number(args[0]);
  if (!/^\d{1,9}$/.test(args[0]!) || productId < 1) return { error: `not a product id: ${args[0]}\n${usage}` };
  return { productId };
}

async function main() {
  const parsed = parsePartnerKeyArgs(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exit(2);
  }
  const db = await openDb(loadEnv());
  try {
    await migrate(db);
    const [product] = await db.query<{ name: string }>('SELECT name FROM products WHERE id = $1', [parsed.productId]);
    if (!product) {
      console.error(`No product ${parsed.productId} in this database.`);
      process.exitCode = 1;
      return;
    }
    const key = await issuePartnerKey(db, parsed.productId, new Date());
    console.log(`Exchange key for ${product.name} (product ${parsed.productId}); shown once, store it with the partner:\n${key}`);
  } finally {
    await db.close();
  }
}

// Run as a command only (the test imports parsePartnerKeyArgs).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
