import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCENE, RECOMMEND_SCENES } from '@lendview/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../src/db/lock-file.ts';
import { MigrationError, migrate, readMigrations } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { jakartaDate } from '../src/lib/dates.ts';
import { seedDemo } from '../src/db/seed-demo.ts';
import type { Db } from '../src/db/types.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { findOwnOrder, listOwnOrders, requireOwnOrder } from '../src/repositories/orders.ts';
import { findSessionBorrower } from '../src/repositories/sessions.ts';
import { BACKENDS, openTestDb, type TestDb } from './helpers/setup.ts';
import {
  DEMO_BORROWERS,
  DEMO_COOLING_OFF_ORDER,
  DEMO_DISABLED_PRODUCT_ID,
  DEMO_EMPTY_SCENE,
  DEMO_H5_ORDER,
  DEMO_H5_PRODUCT_ID,
  DEMO_OPERATORS,
  DEMO_ORDERS,
  DEMO_PAST_HALF_TERM_ORDER,
  DEMO_SECOND_BORROWER_ORDER,
} from '../src/db/demo/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPECTED_TABLES = [
  'app_ratings',
  'app_settings',
  'bank_cards',
  'borrowers',
  'captchas',
  // 007: wrong card-binding codes per borrower (issue 11 item 7).
  'card_bind_guards',
  'complaint_images',
  'complaints',
  // 009: one-time codes for step-up on loan confirmation (issue 12 item 4).
  'confirm_codes',
  // 011: the support console (issue 13): contact messages, notes, the audit trail, public holidays.
  'contact_messages',
  'contracts',
  // 027: one write per borrower tap (issue 40).
  'idempotent_requests',
  'instalments',
  // 017: when each periodic job last ran, cluster-wide (issue 15 item 6).
  'job_runs',
  // 013: every key facts statement a borrower confirmed, by hash (issue 18).
  'kfs_statements',
  // 012: landing editor uploads and template versions (issue 13 item 5).
  'landing_images',
  'landing_template_versions',
  'landing_templates',
  // 006: the ledger of money received (issue 11).
  'ledger_entries',
  // 009: the insert-only consent record of each loan confirmation (issue 12 item 4).
  'loan_consents',
  // 010: the password step's single-use challenges of operator sign-in (issue 13 item 2).
  'operator_login_challenges',
  'operator_sessions',
  'operators',
  'ops_audit',
  'ops_notes',
  'order_statuses',
  'orders',
  // 009: partners' exchange credentials and their one-time joint-login codes (issue 12 item 1).
  'partner_credentials',
  'partner_login_codes',
  'payment_events',
  'payments',
  'problem_sub_types',
  'problem_types',
  'product_applications',
  'product_events',
  'product_quota_usage',
  'product_scenes',
  'products',
  'promotion_events',
  'promotion_registrations',
  'public_holidays',
  'qa_nodes',
  'qa_records',
  'rate_limits',
  // 020: the version of the reference data the API instances cache (issue 14 item 4, hot reads).
  'reference_data_version',
  // 019: the running canary of each remote and its events (issue 16 item 5).
  'release_canary',
  'release_canary_history',
  // 016: released versions, the live one per app, the history and the release lock (issue 15).
  'release_history',
  'release_live',
  'release_lock',
  'release_versions',
  // 018: real-user signals per remote version (issue 16 item 4).
  'rum_events',
  // 031: the beacons that do not count and the marks of signed view ids (issue 36 item 4).
  'rum_unverified',
  'rum_view_marks',
  'schema_migrations',
  'sessions',
  // 008: wrong SMS codes per phone across codes and resends (issue 12 item 3).
  'sms_code_guards',
  'sms_codes',
  'sms_outbox',
  // 006: money held for an operator (issue 11).
  'unapplied_funds',
  // 023: signed provider callbacks we could not match, kept for an operator.
  'unmatched_callbacks',
];

describe.each(BACKENDS)('migrations and demo seed (%s)', (backend) => {
  let t: TestDb;
  let db: Db;
  beforeAll(async () => {
    t = await openTestDb(backend);
    db = t.db;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('apply each file exactly once even when several instances start together', async () => {
    const others = await Promise.all([t.openAnother(), t.openAnother()]);
    const results = await Promise.all([migrate(db), ...others.map((o) => migrate(o))]);
    const all = readMigrations().map((m) => m.name);
    expect(results.flat().sort()).toEqual([...all].sort());
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(all);
  });

  it('are idempotent', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(EXPECTED_TABLES);
  });

  it('refuse a migration changed after it was applied', async () => {
    const changed = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'different' } : m));
    await expect(migrate(db, changed)).rejects.toThrow(MigrationError);
    await expect(migrate(db, changed)).rejects.toThrow(/001_init\.sql was changed after it was applied/);
  });

  it('store money as bigint minor units, never floats', async () => {
    const cols = await db.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = current_schema()
          AND (column_name IN ('principal', 'interest', 'interest_amount', 'service_fee', 'amount', 'amount_due',
                               'paid_amount', 'extension_fee', 'amount_min', 'amount_max', 'default_amount',
                               'loan_part', 'late_penalty', 'late_interest', 'late_penalty_paid', 'late_interest_paid',
                               'extension_fees_paid'))
        ORDER BY table_name, column_name`,
    );
    // 12 of 001/002; 003: orders late_penalty_paid, late_interest_paid, extension_fees_paid; payments amount,
    // loan_part, late_penalty, late_interest, extension_fee; payment_events amount. 006: ledger_entries amount,
    // principal, interest, late_penalty, late_interest, extension_fee; unapplied_funds amount. 009: loan_consents
    // amount (what the borrower consented to). 023: unmatched_callbacks amount (what the provider reported).
    expect(cols.length).toBe(30);
    expect(cols.filter((c) => c.data_type !== 'bigint')).toEqual([]);
    // The float columns are browser measurements, never money: rum_events.value (018: LCP/INP ms, CLS unitless) and
    // its copy in rum_unverified (031).
    const floats = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type IN ('real', 'double precision', 'numeric', 'money')
        ORDER BY table_name, column_name`,
    );
    expect(floats).toEqual([
      { table_name: 'rum_events', column_name: 'value' },
      { table_name: 'rum_unverified', column_name: 'value' },
    ]);
  });

  it('read int8 as exact numbers and dates as strings', async () => {
    const [row] = await db.query<{ n: number; d: string }>("SELECT 9007199254740991::int8 AS n, '2026-01-31'::date AS d");
    expect(row).toEqual({ n: 9007199254740991, d: '2026-01-31' });
    await expect(db.query('SELECT 9007199254740993::int8 AS n')).rejects.toThrow(/exceeds the safe integer range/);
  });

  describe('demo seed', () => {
    const now = new Date('2026-03-02T03:00:00.000Z');
    let firstSnapshot: string;

    async function snapshot(): Promise<string> {
      const parts: unknown[] = [];
      for (const [table, order] of [
        ['borrowers', 'phone'],
        ['products', 'id'],
        ['orders', 'order_no'],
        ['instalments', 'order_no, period_no'],
        ['landing_templates', 'id'],
        ['product_scenes', 'scene, product_id'],
        ['contracts', 'id'],
        ['qa_nodes', 'id'],
        ['problem_types', 'value'],
        ['problem_sub_types', 'type_value, value'],
        ['sessions', 'token_hash'],
        ['bank_cards', 'id'],
        ['payments', 'id'],
        ['app_settings', 'key'],
      ] as const) {
        parts.push(table, await db.query(`SELECT * FROM ${table} ORDER BY ${order}`));
      }
      parts.push('operators', await db.query('SELECT username, role, password_hash FROM operators ORDER BY username'));
      return JSON.stringify(parts);
    }

    it('is idempotent', async () => {
      await seedDemo(db, { now });
      firstSnapshot = await snapshot();
      await seedDemo(db, { now });
      expect(await snapshot()).toBe(firstSnapshot);
    });

    it('resets demo orders to their seeded state on the next start', async () => {
      await db.query("UPDATE orders SET status = 200, paid_amount = amount_due WHERE order_no = 'DEMO-170'");
      await db.query("UPDATE instalments SET status = 'paid', paid_at = now() WHERE order_no = 'DEMO-INST' AND period_no = 1");
      await db.query("UPDATE contracts SET title_en = 'changed' WHERE id = 1");
      await db.query("DELETE FROM product_scenes WHERE scene = 'banner_jingzhun' AND product_id = 1");
      // A repayment made in the demo: its payment goes with the reset, the order's settled late charges too.
      await db.query(
        `INSERT INTO payments (reference, borrower_id, order_no, repay_type, amount, loan_part, method, pay_type, channel, vcode,
           state, created_at, expires_at, paid_at)
         SELECT 'LVP20260302AAAAAAAAAAAA', id, 'DEMO-170', 'full', 261375000, 261375000, 'va', 1, 'BCA', '3935800000000001',
           'paid', now(), now(), now() FROM borrowers WHERE phone = '13800000000'`,
      );
      await db.query("UPDATE orders SET late_penalty_paid = 80000, extension_count = 1 WHERE order_no = 'DEMO-180'");
      await db.query('UPDATE bank_cards SET active = false WHERE id = 1');
      await db.query("UPDATE app_settings SET value = 'none' WHERE key = 'late_charge_cap_percent'");
      await db.query(
        "INSERT INTO app_ratings (borrower_id, score, created_at) SELECT id, 2, now() FROM borrowers WHERE phone = '13800000000'",
      );
      await seedDemo(db, { now });
      expect(await snapshot()).toBe(firstSnapshot);
      expect(await db.query('SELECT 1 FROM app_ratings')).toEqual([]);
    });

    it('has the demo bank cards (one needing an SMS code, one charged at once) and the late-charge cap', async () => {
      const cards = await db.query<{ id: number; bank_code: string; last4: string; active: boolean }>(
        `SELECT c.id, c.bank_code, c.last4, c.active FROM bank_cards c JOIN borrowers b ON b.id = c.borrower_id
          WHERE b.phone = '13800000000' ORDER BY c.id`,
      );
      expect(cards).toEqual([
        { id: 1, bank_code: 'BCA', last4: '2222', active: true },
        { id: 2, bank_code: 'BNI', last4: '4444', active: true },
      ]);
      expect(await db.query("SELECT value FROM app_settings WHERE key = 'late_charge_cap_percent'")).toEqual([{ value: '100' }]);
    });

    it('has both demo borrowers with their fixed tokens', async () => {
      const borrowers = await db.query<{ phone: string; is_repeat_client: boolean }>(
        'SELECT phone, is_repeat_client FROM borrowers ORDER BY phone',
      );
      expect(borrowers).toEqual([
        { phone: '13800000000', is_repeat_client: true },
        { phone: '13800000001', is_repeat_client: false },
      ]);
      for (const b of Object.values(DEMO_BORROWERS)) {
        const found = await findSessionBorrower(db, b.token, now);
        expect(found).toMatchObject({ phone: b.phone, isRepeatClient: b.isRepeatClient });
      }
    });

    it('has every demo order with its status, on product 1, owned by the right borrower', async () => {
      const rows = await db.query<{
        order_no: string;
        status: number;
        product_id: number;
        phone: string;
        principal: number;
        amount_due: number;
        is_delay: boolean;
        due_date: string | null;
        instalment_count: number;
      }>(
        `SELECT o.order_no, o.status, o.product_id, b.phone, o.principal, o.amount_due, o.is_delay, o.due_date,
                o.instalment_count
           FROM orders o JOIN borrowers b ON b.id = o.borrower_id ORDER BY o.order_no`,
      );
      const byNo = new Map(rows.map((r) => [r.order_no, r]));
      const expected: Record<string, number> = {
        'DEMO-21': 21,
        'DEMO-110': 110,
        'DEMO-151': 151,
        'DEMO-170': 170,
        'DEMO-174': 174,
        'DEMO-180': 180,
        'DEMO-200': 200,
        'DEMO-3': 3,
        'DEMO-4': 4,
        'DEMO-5': 5,
        'DEMO-INST': 170,
      };
      expect(Object.values(DEMO_ORDERS).sort()).toEqual(Object.keys(expected).sort());
      for (const [orderNo, status] of Object.entries(expected)) {
        expect(byNo.get(orderNo), orderNo).toMatchObject({ status, product_id: 1, phone: '13800000000' });
      }
      expect(byNo.get(DEMO_SECOND_BORROWER_ORDER)).toMatchObject({ status: 170, product_id: 1, phone: '13800000001' });
      // The partner-product order with an external repayment page.
      expect(byNo.get(DEMO_H5_ORDER)).toMatchObject({
        status: 170,
        product_id: DEMO_H5_PRODUCT_ID,
        phone: '13800000000',
        principal: 150_000_000,
        amount_due: 160_920_000,
      });
      // Past half its term (spec 9 early prepayment allowed), otherwise DEMO-170's twin.
      expect(byNo.get(DEMO_PAST_HALF_TERM_ORDER)).toMatchObject({
        status: 170,
        product_id: 1,
        phone: '13800000000',
        principal: 250_000_000,
        amount_due: 261_375_000,
      });
      // Disbursed at the start (issue 18 item 2): its cooling-off exit is open; Rp 20.000 processing fee.
      expect(byNo.get(DEMO_COOLING_OFF_ORDER)).toMatchObject({ status: 170, product_id: 1, phone: '13800000000', principal: 200_000_000 });
      expect(rows).toHaveLength(15);

      // Extension allowed exactly on DEMO-174 and DEMO-180.
      expect(
        rows
          .filter((r) => r.is_delay)
          .map((r) => r.order_no)
          .sort(),
      ).toEqual(['DEMO-174', 'DEMO-180']);
      // DEMO-180 is 40 days overdue, DEMO-174 due in 2 days (Jakarta calendar days).
      expect(byNo.get('DEMO-180')!.due_date).toBe(jakartaDate(new Date(now.getTime() - 40 * DAY_MS)));
      expect(byNo.get('DEMO-174')!.due_date).toBe(jakartaDate(new Date(now.getTime() + 2 * DAY_MS)));
      // Realistic rupiah amounts in minor units: Rp 1.200.000 principal + 91 days at 0.05 % a day.
      expect(byNo.get('DEMO-180')).toMatchObject({ principal: 120_000_000, amount_due: 125_460_000 });
      expect(byNo.get('DEMO-INST')!.instalment_count).toBe(4);
    });

    it('DEMO-INST has four unpaid instalments adding up to the amount due, the first due first', async () => {
      const inst = await db.query<{ period_no: number; amount: number; due_date: string; status: string }>(
        "SELECT period_no, amount, due_date, status FROM instalments WHERE order_no = 'DEMO-INST' ORDER BY period_no",
      );
      expect(inst.map((i) => i.period_no)).toEqual([1, 2, 3, 4]);
      expect(inst.every((i) => i.status === 'unpaid')).toBe(true);
      const dues = inst.map((i) => i.due_date);
      expect([...dues].sort()).toEqual(dues);
      expect(dues[0]! > jakartaDate(now)).toBe(true);
      const [order] = await db.query<{ amount_due: number }>("SELECT amount_due FROM orders WHERE order_no = 'DEMO-INST'");
      expect(inst.reduce((s, i) => s + i.amount, 0)).toBe(order!.amount_due);
    });

    it('has product 1 in-house and at least five partner products, one disabled', async () => {
      const products = await db.query<{
        id: number;
        in_house: boolean;
        apply_url: string | null;
        tags_en: string[];
        tags_id: string[];
        button_status: number;
        amount_min: number;
        amount_max: number;
      }>('SELECT id, in_house, apply_url, tags_en, tags_id, button_status, amount_min, amount_max FROM products ORDER BY id');
      expect(products[0]).toMatchObject({ id: 1, in_house: true, apply_url: null, amount_min: 100_000_000, amount_max: 1_500_000_000 });
      const partners = products.filter((p) => !p.in_house);
      expect(partners.length).toBeGreaterThanOrEqual(5);
      for (const p of partners) {
        expect(p.apply_url).toMatch(/^https?:\/\//);
        expect(p.tags_en.length).toBeGreaterThan(0);
        expect(p.tags_id.length).toBe(p.tags_en.length);
      }
      expect(products.filter((p) => p.button_status === 0).map((p) => p.id)).toEqual([DEMO_DISABLED_PRODUCT_ID]);
      // New rows get ids after the seeded ones.
      const [next] = await db.query<{ id: number }>(
        `INSERT INTO products (name, logo_url, amount_min, amount_max, rate_text_en, rate_text_id, description_en,
           description_id, button_text_en, button_text_id, apply_url)
         VALUES ('x', 'data:,', 1, 2, 'r', 'r', 'd', 'd', 'b', 'b', 'https://x.example.com') RETURNING id`,
      );
      expect(next!.id).toBe(products.length + 1);
      await db.query('DELETE FROM products WHERE id = $1', [next!.id]);
    });

    it('has landing template 1, the QA tree in both languages and the problem types', async () => {
      const [tpl] = await db.query<{ id: number; live_config: { theme: { fontColor: string } } }>(
        'SELECT id, live_config FROM landing_templates WHERE id = 1',
      );
      expect(tpl!.live_config.theme.fontColor).toBe('#ffffff');

      const categories = await db.query<{ id: number; title_en: string; title_id: string }>(
        'SELECT id, title_en, title_id FROM qa_nodes WHERE pid = 0 ORDER BY sort_order',
      );
      expect(categories.length).toBeGreaterThanOrEqual(3);
      for (const c of categories) {
        const questions = await db.query<{ title_en: string; title_id: string; answer_en: string; answer_id: string }>(
          'SELECT title_en, title_id, answer_en, answer_id FROM qa_nodes WHERE pid = $1',
          [c.id],
        );
        expect(questions.length, c.title_en).toBeGreaterThanOrEqual(2);
        for (const q of questions) {
          expect(q.answer_en.length).toBeGreaterThan(10);
          expect(q.answer_id.length).toBeGreaterThan(10);
          expect(q.title_id).not.toBe(q.title_en);
        }
      }
      const toComplaint = await db.query('SELECT id FROM qa_nodes WHERE action_type = 4');
      expect(toComplaint.length).toBeGreaterThanOrEqual(1);

      const types = await db.query<{ value: number; title_en: string }>('SELECT value, title_en FROM problem_types ORDER BY value');
      expect(types[0]).toEqual({ value: 1, title_en: 'Collection' });
      const subs = await db.query('SELECT value FROM problem_sub_types WHERE type_value = 1');
      expect(subs.length).toBeGreaterThanOrEqual(3);
    });

    it("scopes orders to their borrower: another borrower's order is the same as a missing one", async () => {
      const main = (await findSessionBorrower(db, DEMO_BORROWERS.main.token, now))!;
      const second = (await findSessionBorrower(db, DEMO_BORROWERS.second.token, now))!;
      expect(await findOwnOrder(db, main.id, 'DEMO-180')).toMatchObject({
        orderNo: 'DEMO-180',
        status: 180,
        isDelay: true,
        principal: 120_000_000,
        extensionFee: 18_000_000,
        extensionDays: 7,
      });
      expect(await findOwnOrder(db, main.id, 'DEMO-180', 1)).not.toBeNull();
      expect(await findOwnOrder(db, main.id, 'DEMO-180', 2)).toBeNull();
      expect(await findOwnOrder(db, second.id, 'DEMO-180')).toBeNull();
      expect(await findOwnOrder(db, main.id, DEMO_SECOND_BORROWER_ORDER)).toBeNull();
      expect(await findOwnOrder(db, main.id, 'NO-SUCH-ORDER')).toBeNull();
      await expect(requireOwnOrder(db, second.id, 'DEMO-170')).rejects.toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
      expect((await listOwnOrders(db, second.id)).map((o) => o.orderNo)).toEqual([DEMO_SECOND_BORROWER_ORDER]);
      expect((await listOwnOrders(db, main.id)).map((o) => o.orderNo)).toHaveLength(14);
    });

    it('has product terms, scenes and the agreements of the confirm scene in both languages', async () => {
      const terms = await db.query<{
        id: number;
        default_amount: number;
        default_term_days: number;
        daily_quota: number | null;
        repay_url: string | null;
      }>('SELECT id, default_amount, default_term_days, daily_quota, repay_url FROM products ORDER BY id');
      expect(terms.find((p) => p.id === 1)).toEqual({
        id: 1,
        default_amount: 300_000_000,
        default_term_days: 91,
        daily_quota: null,
        repay_url: null,
      });
      expect(terms.find((p) => p.id === DEMO_H5_PRODUCT_ID)!.repay_url).toMatch(/^https:\/\//);
      const scenes = await db.query<{ scene: string; ids: number[] }>(
        'SELECT scene, array_agg(product_id ORDER BY sort_order) AS ids FROM product_scenes GROUP BY scene ORDER BY scene',
      );
      expect(scenes.map((s) => s.scene).sort()).toEqual([...RECOMMEND_SCENES, DEFAULT_SCENE].sort());
      for (const { scene, ids } of scenes) {
        const quotas = ids.map((id) => terms.find((p) => p.id === id)!.daily_quota);
        if (scene === DEMO_EMPTY_SCENE)
          expect(
            quotas.every((q) => q === 0),
            scene,
          ).toBe(true);
        else {
          expect(ids.length, scene).toBeGreaterThanOrEqual(3);
          expect(ids, scene).toContain(DEMO_DISABLED_PRODUCT_ID);
          expect(
            quotas.every((q) => q === null || q > 0),
            scene,
          ).toBe(true);
        }
      }
      const contracts = await db.query<{
        id: number;
        scene: number;
        product_id: number | null;
        popup: boolean;
        title_en: string;
        title_id: string;
        body_en: string;
        body_id: string;
      }>('SELECT id, scene, product_id, popup, title_en, title_id, body_en, body_id FROM contracts ORDER BY id');
      expect(contracts.map((c) => [c.id, c.scene, c.product_id, c.popup])).toEqual([
        [1, 3, 1, true],
        [2, 3, null, false],
        [3, 3, null, false],
      ]);
      for (const c of contracts) {
        expect(c.title_id).not.toBe(c.title_en);
        expect(c.body_en.length).toBeGreaterThan(300);
        expect(c.body_id.length).toBeGreaterThan(300);
      }
    });

    it('has one operator per role with scrypt-hashed passwords', async () => {
      const ops = await db.query<{ username: string; role: string; password_hash: string }>(
        'SELECT username, role, password_hash FROM operators ORDER BY username',
      );
      expect(ops.map((o) => [o.username, o.role])).toEqual([
        ['ops-marketing', 'marketing'],
        ['ops-support', 'support'],
      ]);
      for (const op of Object.values(DEMO_OPERATORS)) {
        const row = ops.find((o) => o.username === op.username)!;
        expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
        expect(row.password_hash).not.toContain(op.password);
        expect(await verifyPassword(op.password, row.password_hash)).toBe(true);
        expect(await verifyPassword(`${op.password}x`, row.password_hash)).toBe(false);
      }
    });
  });
});

describe('PGlite data folder lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lendview-lock-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const waitExit = (child: ReturnType<typeof spawn>) => new Promise<void>((resolve) => child.once('exit', () => resolve()));

  it('refuses a second opener while the first is open, and frees the folder on close', async () => {
    const folder = join(dir, 'pglite');
    const first = await openPglite({ dataDir: folder });
    try {
      const lock = JSON.parse(readFileSync(`${folder}.lock`, 'utf8')) as { pid: number };
      expect(lock.pid).toBe(process.pid);
      await expect(openPglite({ dataDir: folder })).rejects.toThrow(DataDirLockedError);
      await expect(openPglite({ dataDir: folder })).rejects.toThrow(new RegExp(`in use by process ${process.pid}`));
      await first.query('CREATE TABLE kept (v int)');
      await first.query('INSERT INTO kept VALUES (42)');
    } finally {
      await first.close();
    }
    expect(existsSync(`${folder}.lock`)).toBe(false);
    const second = await openPglite({ dataDir: folder });
    try {
      expect(await second.query('SELECT v FROM kept')).toEqual([{ v: 42 }]);
    } finally {
      await second.close();
    }
  });

  it('refuses a folder locked by another live process, takes over once it is gone', async () => {
    const folder = join(dir, 'pglite');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(`${folder}.lock`, JSON.stringify({ pid: child.pid, host: 'h', since: new Date().toISOString() }));
      await expect(openPglite({ dataDir: folder })).rejects.toThrow(new RegExp(`in use by process ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
      await waitExit(child);
    }
    // Same lock file, its process now dead: stale, taken over.
    const db = await openPglite({ dataDir: folder });
    try {
      expect((JSON.parse(readFileSync(`${folder}.lock`, 'utf8')) as { pid: number }).pid).toBe(process.pid);
      expect(await db.query('SELECT v FROM kept')).toEqual([{ v: 42 }]);
    } finally {
      await db.close();
    }
  });
});
