import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPg } from '../src/db/pg.ts';
import type { Db } from '../src/db/types.ts';
import { createSession } from '../src/repositories/sessions.ts';
import { buildServer, DEVELOPMENT_ENV, pgSchemaUrl, spawnServer } from './helpers/spawn-server.ts';
import { addBorrower } from './helpers/setup.ts';

// Issue 34 item 3: a confirmation without its evidence cannot exist. The built server (demo data, PostgreSQL) takes
// 40 confirmations from 40 borrowers at once and is killed with SIGKILL as the first orders appear; every order
// left in the database has its consent record and its key facts statement (before, order, key facts and consent
// were three transactions: the issue found 5 of 7 orders without consent).

const BORROWERS = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function form(base: string, path: string, tok: string, fields: Record<string, string>) {
  const res = await fetch(`${base}${path}?isNeedPop=1&tok=${tok}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return (await res.json()) as { code: string; data: { sha256?: string; orderId?: string } | null };
}

describe.skipIf(!process.env.DATABASE_URL)('consent under kill -9 (the built server, PostgreSQL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lendview-consent-kill-'));
  const cleanup: (() => Promise<void>)[] = [];
  beforeAll(() => buildServer());
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    rmSync(dir, { recursive: true, force: true });
  });

  it('40 concurrent confirmations, SIGKILL mid-way: every order has its consent and key facts', async () => {
    const schema = await pgSchemaUrl();
    cleanup.push(() => schema.drop());
    const server = await spawnServer(
      { ...DEVELOPMENT_ENV, LENDVIEW_MODE: 'demo', DATABASE_URL: schema.url, LOG_LEVEL: 'warn' },
      { dir, untilReady: true },
    );
    cleanup.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    const db: Db = await openPg({ connectionString: process.env.DATABASE_URL!, schema: schema.schema, max: 2 });
    cleanup.push(() => db.close());

    const toks: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < BORROWERS; i++) {
      const id = await addBorrower(db, `1397${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`);
      ids.push(id);
      toks.push(await createSession(db, { borrowerId: id, now: new Date() }));
    }
    const offer = { productId: '1', amount: '300000000', periods: '91' };
    const fields = await Promise.all(
      toks.map(async (tok) => {
        const kfs = await form(server.base, '/v3/loan-confirm/key-facts', tok, offer);
        expect(kfs.code).toBe('00');
        return { ...offer, termUnit: 'day', loanType: '1', keyFacts: kfs.data!.sha256! };
      }),
    );

    // All at once; the process dies as soon as the first order is in the database.
    const sent = toks.map((tok, i) => form(server.base, '/v3/loan-confirm/loan-detail-push', tok, fields[i]!).catch(() => null));
    const started = Date.now();
    for (;;) {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE borrower_id = ANY($1::bigint[])', [ids]);
      if (row!.n > 0 || Date.now() - started > 30_000) break;
      await sleep(5);
    }
    server.child.kill('SIGKILL');
    await server.exited;
    const answers = await Promise.all(sent);

    const orders = await db.query<{ order_no: string; consents: number; kfs: number }>(
      `SELECT o.order_no,
              (SELECT count(*)::int FROM loan_consents c WHERE c.order_no = o.order_no) AS consents,
              (SELECT count(*)::int FROM loan_consents c JOIN kfs_statements k
                  ON k.sha256 = (SELECT d->>'sha256' FROM jsonb_array_elements(c.documents) d WHERE d->>'kind' = 'kfs')
                WHERE c.order_no = o.order_no) AS kfs
         FROM orders o WHERE o.borrower_id = ANY($1::bigint[])`,
      [ids],
    );
    // Some confirmations were answered, some cut: whatever got into the database is whole.
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.length).toBeLessThanOrEqual(BORROWERS);
    expect(orders.filter((o) => o.consents !== 1 || o.kfs !== 1)).toEqual([]);
    // Every confirmation answered 00 names an order that is there.
    const kept = new Set(orders.map((o) => o.order_no));
    for (const a of answers) if (a?.code === '00') expect(kept.has(a.data!.orderId!)).toBe(true);
  }, 180_000);
});
