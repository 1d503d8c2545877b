import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOMMEND_SCENES } from '@lendview/contracts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed-demo.ts';
import type { Db } from '../src/db/types.ts';
import { jakartaDate } from '../src/lib/dates.ts';
import { DEMO_BANK_CARDS, DEMO_BORROWERS, DEMO_EMPTY_SCENE, DEMO_H5_ORDER, DEMO_ORDER_SEEDS, DEMO_ORDERS } from '../src/db/demo/index.ts';
import { BACKENDS, openTestDb, type TestDb } from './helpers/setup.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every row of every table (operators without their salted hashes), each table's rows in a stable order. */
async function everyRow(db: Db): Promise<string> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const dump: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const rows = await db.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
    dump[table] = rows.map(({ password_hash: _hash, ...row }) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(dump);
}

/**
 * One row of the order table in docs/api.md "Demo data":
 * `| DEMO-170 | 170 repaying | Rp 2.500.000 | due in 61 days |`.
 */
interface DocumentedOrder {
  orderNo: string;
  status: number;
  rupiah: number;
  text: string;
}

function documentedOrders(): DocumentedOrder[] {
  const api = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
  const section = api.slice(api.indexOf('## Demo data'), api.indexOf('\n## ', api.indexOf('## Demo data') + 1));
  return [...section.matchAll(/^\s*\| (DEMO2?-[A-Z0-9]+) \| (\d+)[^|]* \| Rp ([\d.]+)[^|]* \| ([^\n]*) \|$/gm)].map((m) => ({
    orderNo: m[1]!,
    status: Number(m[2]),
    rupiah: Number(m[3]!.replaceAll('.', '')),
    text: m[4]!,
  }));
}

describe.each(BACKENDS)('demo seed (%s)', (backend) => {
  let t: TestDb;
  const now = new Date('2026-03-02T03:00:00.000Z');

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.db);
    await seedDemo(t.db, { now });
  });
  afterAll(() => t?.cleanup());

  it('seeding twice changes nothing, in any table', async () => {
    const once = await everyRow(t.db);
    await seedDemo(t.db, { now });
    expect(await everyRow(t.db)).toBe(once);
    expect(once).toContain(DEMO_ORDERS.repaying);
  });

  it('seeding again never moves an id sequence back (ids another instance was handed stay unused)', async () => {
    // What a second instance's start-up seed did while the first was inserting: the rows it could not see yet were
    // above the max it read, and the sequence went back below them.
    const nextId = async () =>
      (await t.db.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('bank_cards', 'id'))::int AS id`))[0]!.id;
    const handed = await nextId();
    await seedDemo(t.db, { now });
    expect(await nextId()).toBe(handed + 1);
  });

  it('every order of the docs/api.md demo table exists with its documented status, principal, owner and dates', async () => {
    const documented = documentedOrders();
    // The table lists every seeded order, and only those.
    expect(documented.map((o) => o.orderNo).sort()).toEqual(DEMO_ORDER_SEEDS.map((o) => o.orderNo).sort());
    const dayIn = (days: number) => jakartaDate(new Date(now.getTime() + days * DAY_MS));
    for (const doc of documented) {
      const [order] = await t.db.query<{
        status: number;
        principal: number;
        phone: string;
        due_date: string | null;
        applied_at: Date;
        settled_at: Date | null;
        instalments: number;
      }>(
        `SELECT o.status, o.principal, b.phone, o.due_date, o.applied_at, o.settled_at,
           (SELECT count(*)::int FROM instalments i WHERE i.order_no = o.order_no) AS instalments
           FROM orders o JOIN borrowers b ON b.id = o.borrower_id WHERE o.order_no = $1`,
        [doc.orderNo],
      );
      const what = `${doc.orderNo} (${doc.text})`;
      expect(order, what).toBeDefined();
      expect(order!.status, what).toBe(doc.status);
      expect(order!.principal, what).toBe(doc.rupiah * 100);
      const owner = doc.text.includes('`demo-borrower-2`') ? DEMO_BORROWERS.second : DEMO_BORROWERS.main;
      expect(order!.phone, what).toBe(owner.phone);
      const dueIn = /due in (\d+) days/.exec(doc.text);
      const dueAgo = /due (\d+) days ago/.exec(doc.text);
      if (dueIn) expect(order!.due_date, what).toBe(dayIn(Number(dueIn[1])));
      if (dueAgo) expect(order!.due_date, what).toBe(dayIn(-Number(dueAgo[1])));
      const applied = /applied (\d+) days? ago/.exec(doc.text);
      if (applied) {
        expect(order!.applied_at.getTime(), what).toBe(now.getTime() - Number(applied[1]) * DAY_MS);
        expect(order!.due_date, what).toBeNull();
      }
      const settled = /settled (\d+) days ago/.exec(doc.text);
      if (settled) expect(order!.settled_at?.getTime(), what).toBe(now.getTime() - Number(settled[1]) * DAY_MS);
      expect([dueIn, dueAgo, applied, settled].some(Boolean), `${what}: no date the test can check`).toBe(true);
      const instalments = /(\d+) instalments/.exec(doc.text);
      expect(order!.instalments, what).toBe(instalments ? Number(instalments[1]) : 0);
    }
  });

  it('every demo order the docs or the README name exists', async () => {
    const texts = [
      readFileSync(join(ROOT, 'README.md'), 'utf8'),
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => readFileSync(join(ROOT, 'docs', f), 'utf8')),
    ];
    const named = new Set(texts.flatMap((text) => [...text.matchAll(/\bDEMO2?-[A-Z0-9]+\b/g)].map((m) => m[0])));
    expect(named.size).toBeGreaterThan(10);
    const rows = await t.db.query<{ order_no: string }>('SELECT order_no FROM orders WHERE order_no = ANY($1::text[])', [[...named]]);
    expect(rows.map((r) => r.order_no).sort()).toEqual([...named].sort());
  });

  // Moved from the contracts package's tests with the demo names (issue 17 item 5).
  it('names of the demo fixtures', () => {
    expect(Object.values(DEMO_ORDERS)).toHaveLength(11);
    expect(DEMO_H5_ORDER).toBe('DEMO-H5');
    expect(DEMO_EMPTY_SCENE).toBe('banner_fudai');
    expect(RECOMMEND_SCENES).toContain(DEMO_EMPTY_SCENE);
    expect(Object.values(DEMO_ORDERS)).not.toContain(DEMO_H5_ORDER);
    expect(DEMO_BANK_CARDS.otp.cardNo.endsWith(DEMO_BANK_CARDS.otp.last4)).toBe(true);
    expect(DEMO_BANK_CARDS.direct.cardNo.endsWith(DEMO_BANK_CARDS.direct.last4)).toBe(true);
  });
});
