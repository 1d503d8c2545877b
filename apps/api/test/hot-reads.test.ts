import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/types.ts';
import { dueAtOf } from '../src/lib/working-days.ts';
import { holidayDates } from '../src/repositories/ops-console.ts';
import { REFERENCE_SETTING_KEYS } from '../src/repositories/reference-data.ts';
import { setSetting } from '../src/repositories/settings.ts';
import { BACKENDS, SUPPORT, envelopeOf, form, useTestApp } from './helpers/setup.ts';

// Issue 14 item 4 (docs/performance.md "Hot reads"): loan details, recommend list, complaint list and contact info
// each answer in one round trip to the database after the session lookup, and the reference data they keep in
// process (products, scenes, settings, holidays) follows every change on the next read, on this instance and on
// another one on the same database.

const TOKEN = { 'x-lv-token': 'demo-borrower' };
const READS = {
  loanDetails: { url: '/v3/loan-details/detail', fields: { productId: '1', orderId: 'DEMO-170' }, auth: true },
  recommend: { url: '/market/v3/product/recommend-product-list', fields: { scene: '' }, auth: true },
  complaints: { url: '/user-problem/problem-list', fields: {}, auth: true },
  contact: { url: '/v3/personal-center/contact-kf-info', fields: { overall: '30' }, auth: false },
} as const;
type ReadName = keyof typeof READS;

/** Round trips: every query, statement batch and transaction the app sends to its database. */
function countRoundTrips(db: Db) {
  const spies = [vi.spyOn(db, 'query'), vi.spyOn(db, 'exec'), vi.spyOn(db, 'transaction')];
  return {
    reset: () => spies.forEach((s) => s.mockClear()),
    count: () => spies.reduce((n, s) => n + s.mock.calls.length, 0),
    restore: () => spies.forEach((s) => s.mockRestore()),
  };
}

async function read(app: FastifyInstance, name: ReadName, lang: 'en' | 'id' = 'en') {
  const r = READS[name];
  const f = form(r.fields);
  const res = await app.inject({
    method: 'POST',
    url: `${r.url}${lang === 'en' ? '?isNeedPop=1' : ''}`,
    payload: f.payload,
    headers: { ...f.headers, ...(r.auth ? TOKEN : {}) },
  });
  const body = envelopeOf(res);
  expect(body.code, `${name}: ${res.body}`).toBe('00');
  return body.data as Record<string, unknown>;
}

type Rec = { id: number; productName: string; buttonText: string };
type ComplaintItem = { id: number; escalation: null | { dueAt: string; text: string } };
const allItems = (data: Record<string, unknown>) => (data.tabs as { items: ComplaintItem[] }[])[0]!.items;

describe.each(BACKENDS)('hot reads (%s)', (backend) => {
  const ctx = useTestApp(backend);
  let complaintCreatedAt: Date;

  beforeAll(async () => {
    // A complaint old enough to be escalated: the complaint list then needs the holidays and the grievance officer.
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/user-problem/problem-save',
      payload: form({ problemType: '2', problemDetail: 'The app shows my payment as unpaid.', orderNo: 'DEMO-170' }).payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...TOKEN },
    });
    expect(envelopeOf(saved).code).toBe('00');
    const [row] = await ctx.db.query<{ created_at: Date }>(
      `UPDATE complaints SET created_at = created_at - interval '10 days' WHERE id = (SELECT max(id) FROM complaints) RETURNING created_at`,
    );
    complaintCreatedAt = row!.created_at;
  });

  describe('round trips per read: the session lookup and one statement (contact info: one, no login)', () => {
    const expected: Record<ReadName, number> = { loanDetails: 2, recommend: 2, complaints: 2, contact: 1 };
    for (const name of Object.keys(READS) as ReadName[]) {
      it(`${name}: ${expected[name]} with the reference data held, and still ${expected[name]} right after it changed`, async () => {
        await read(ctx.app, name); // warm
        const trips = countRoundTrips(ctx.db);
        try {
          trips.reset();
          await read(ctx.app, name);
          expect(trips.count()).toBe(expected[name]);
          // A change of the reference data: the fresh data comes with the same statement.
          await setSetting(ctx.db, 'support_email', `cs-${name}@lendview.test`, ctx.clock.now());
          trips.reset();
          await read(ctx.app, name, 'id');
          expect(trips.count()).toBe(expected[name]);
        } finally {
          trips.restore();
          await setSetting(ctx.db, 'support_email', SUPPORT.email, ctx.clock.now());
        }
      });
    }

    it('the complaint list read is the one that escalates (its complaint is overdue), at 2 round trips', async () => {
      const trips = countRoundTrips(ctx.db);
      try {
        const items = allItems(await read(ctx.app, 'complaints'));
        expect(trips.count()).toBe(2);
        expect(items[0]!.escalation).not.toBeNull();
      } finally {
        trips.restore();
      }
    });
  });

  // lib/shared-read.ts: contact info's and the recommend list's statements hold nothing of the borrower, so the
  // requests that arrive together share one read. Here the first read is held until the other 19 requests have
  // arrived (on PGlite a statement runs on the event loop's own thread, so reads would otherwise never overlap): they
  // wait for one read of their own, started after they came. shared-read.test.ts tests the rule itself.
  describe('reads without anything of the borrower are shared by requests that arrive together', () => {
    for (const name of ['contact', 'recommend'] as const) {
      it(`${name}: 20 at once answer alike in 2 reads (the one running when they came, one for them all)`, async () => {
        const first = await read(ctx.app, name);
        const query = ctx.db.query.bind(ctx.db);
        let shared = 0;
        let held: Promise<void> | null = new Promise((r) => setTimeout(r, 500));
        const spy = vi.spyOn(ctx.db, 'query').mockImplementation((async (sql: string, params?: unknown[]) => {
          if (sql.includes('lv_ref_version')) {
            shared += 1;
            const gate = held;
            held = null;
            if (gate) await gate;
          }
          return query(sql, params);
        }) as typeof ctx.db.query);
        try {
          const answers = await Promise.all(Array.from({ length: 20 }, () => read(ctx.app, name)));
          expect(answers).toEqual(Array(20).fill(first));
          expect(shared).toBe(2);
        } finally {
          spy.mockRestore();
        }
        // A change is seen by the next request, as before.
        await setSetting(ctx.db, 'support_phone', '+62 21 0000 1111', ctx.clock.now());
        try {
          if (name === 'contact') expect(JSON.stringify(await read(ctx.app, name))).toContain('+62 21 0000 1111');
        } finally {
          await setSetting(ctx.db, 'support_phone', SUPPORT.phone, ctx.clock.now());
        }
      });
    }

    it('contact: a request made after a change, while a read from before the change is still running, gets the change', async () => {
      const query = ctx.db.query.bind(ctx.db);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let reads = 0;
      const spy = vi.spyOn(ctx.db, 'query').mockImplementation((async (sql: string, params?: unknown[]) => {
        const rows = await query(sql, params);
        // The first read has its rows (from before the change) but does not answer until the change is committed.
        if (sql.includes('lv_ref_version') && ++reads === 1) await gate;
        return rows;
      }) as typeof ctx.db.query);
      try {
        const before = read(ctx.app, 'contact');
        await vi.waitFor(() => expect(reads).toBe(1));
        await setSetting(ctx.db, 'support_phone', '+62 21 0000 2222', ctx.clock.now());
        const after = read(ctx.app, 'contact');
        // Time for that request to reach the read (so that it could take the running one) before the latter answers.
        await new Promise((r) => setTimeout(r, 200));
        release();
        expect(JSON.stringify(await before)).toContain(SUPPORT.phone);
        expect(JSON.stringify(await after)).toContain('+62 21 0000 2222');
      } finally {
        spy.mockRestore();
        await setSetting(ctx.db, 'support_phone', SUPPORT.phone, ctx.clock.now());
      }
    });
  });

  describe('a change of the reference data is seen on the next read', () => {
    it('a product renamed by hand (SQL, no API): loan details and the recommend list', async () => {
      const saved = await ctx.db.query<{ id: number; name: string; button_text_en: string }>(
        'SELECT id, name, button_text_en FROM products',
      );
      const first = ((await read(ctx.app, 'recommend')) as unknown as Rec[])[0]!;
      await ctx.db.query('UPDATE products SET name = $2, button_text_en = $3 WHERE id = $1', [first.id, 'Renamed Loan', 'Go now']);
      try {
        const after = (await read(ctx.app, 'recommend')) as unknown as Rec[];
        expect(after[0]).toMatchObject({ id: first.id, productName: 'Renamed Loan', buttonText: 'Go now' });
        await ctx.db.query("UPDATE products SET name = 'Loan One Renamed' WHERE id = 1");
        expect((await read(ctx.app, 'loanDetails')).productName).toBe('Loan One Renamed');
      } finally {
        for (const p of saved) {
          await ctx.db.query('UPDATE products SET name = $2, button_text_en = $3 WHERE id = $1', [p.id, p.name, p.button_text_en]);
        }
      }
      expect(((await read(ctx.app, 'recommend')) as unknown as Rec[])[0]).toMatchObject({ productName: first.productName });
    });

    it('a product taken off (active = false) leaves the lists at once, and comes back', async () => {
      const before = (await read(ctx.app, 'recommend')) as unknown as Rec[];
      const gone = before[0]!.id;
      await ctx.db.query('UPDATE products SET active = false WHERE id = $1', [gone]);
      expect(((await read(ctx.app, 'recommend')) as unknown as Rec[]).map((p) => p.id)).not.toContain(gone);
      await ctx.db.query('UPDATE products SET active = true WHERE id = $1', [gone]);
      expect(((await read(ctx.app, 'recommend')) as unknown as Rec[]).map((p) => p.id)).toEqual(before.map((p) => p.id));
    });

    it('the support phone (settings write): contact info and the loan details telephone', async () => {
      await setSetting(ctx.db, 'support_phone', '+62 21 555 0199', ctx.clock.now());
      try {
        expect((await read(ctx.app, 'contact')).smWa).toBe('+62 21 555 0199');
        expect((await read(ctx.app, 'loanDetails')).telephone).toBe('+62 21 555 0199');
      } finally {
        await setSetting(ctx.db, 'support_phone', SUPPORT.phone, ctx.clock.now());
      }
      expect((await read(ctx.app, 'contact')).smWa).toBe(SUPPORT.phone);
    });

    it("the grievance officer's name (UPDATE by hand, docs/operations.md): contact info and the escalation text", async () => {
      await ctx.db.query("UPDATE app_settings SET value = 'Meera Iyer', updated_at = now() WHERE key = 'grievance_officer_name'");
      try {
        expect((await read(ctx.app, 'contact')).grievanceOfficer).toMatchObject({ name: 'Meera Iyer' });
        expect(allItems(await read(ctx.app, 'complaints'))[0]!.escalation!.text).toContain('Meera Iyer');
      } finally {
        await ctx.db.query("UPDATE app_settings SET value = 'Test Grievance Officer' WHERE key = 'grievance_officer_name'");
      }
    });

    it('a public holiday added (SQL, as the console inserts it) moves the due time of the escalation', async () => {
      const holidays = await holidayDates(ctx.db);
      const before = allItems(await read(ctx.app, 'complaints'))[0]!.escalation!;
      expect(before.dueAt).toBe(dueAtOf(complaintCreatedAt, holidays).toISOString());
      // The first working day after the arrival day becomes a holiday.
      let day = new Date(complaintCreatedAt.getTime() + 7 * 3600_000);
      let date = '';
      do {
        day = new Date(day.getTime() + 24 * 3600_000);
        date = day.toISOString().slice(0, 10);
      } while ([0, 6].includes(day.getUTCDay()) || holidays.has(date));
      await ctx.db.query(`INSERT INTO public_holidays (holiday_date, name, created_at) VALUES ($1::date, 'Test day', now())`, [date]);
      try {
        const after = allItems(await read(ctx.app, 'complaints'))[0]!.escalation!;
        expect(after.dueAt).toBe(dueAtOf(complaintCreatedAt, new Set([...holidays, date])).toISOString());
        expect(after.dueAt).not.toBe(before.dueAt);
      } finally {
        await ctx.db.query('DELETE FROM public_holidays WHERE holiday_date = $1::date', [date]);
      }
      expect(allItems(await read(ctx.app, 'complaints'))[0]!.escalation!.dueAt).toBe(before.dueAt);
    });
  });

  describe('two instances on one database', () => {
    let other: FastifyInstance;
    beforeAll(async () => {
      // pg: a second pool on the same schema; PGlite: the same database behind another Db object (its own copy).
      const db = backend === 'pg' ? await ctx.testDb.openAnother() : { ...ctx.db };
      other = buildApp({ db, demo: true, shellDir: ctx.shellDir, releasesDir: ctx.releasesDir, logger: false, clock: ctx.clock });
      await other.ready();
    });
    afterAll(async () => {
      await other?.close();
    });

    it('a change made through one instance is answered by the other on its next read', async () => {
      // Both hold their copy.
      for (const app of [ctx.app, other]) {
        expect((await read(app, 'contact')).email).toBe(SUPPORT.email);
        await read(app, 'loanDetails');
        await read(app, 'recommend');
      }
      const trips = countRoundTrips(other.db);
      try {
        await setSetting(ctx.app.db, 'support_email', 'cs-cluster@lendview.test', ctx.clock.now());
        await ctx.app.db.query("UPDATE app_settings SET value = '5' WHERE key = 'cooling_off_days'");
        await ctx.app.db.query("UPDATE products SET name = 'Cluster Loan' WHERE id = 1");
        trips.reset();
        expect((await read(other, 'contact')).email).toBe('cs-cluster@lendview.test');
        expect(trips.count()).toBe(1);
        expect((await read(other, 'loanDetails')).productName).toBe('Cluster Loan');
        expect((await read(ctx.app, 'loanDetails')).productName).toBe('Cluster Loan');
      } finally {
        trips.restore();
        await setSetting(ctx.app.db, 'support_email', SUPPORT.email, ctx.clock.now());
        await ctx.app.db.query("UPDATE app_settings SET value = '3' WHERE key = 'cooling_off_days'");
      }
      expect((await read(other, 'contact')).email).toBe(SUPPORT.email);
    });
  });

  it("migration 020's hash and app_settings triggers, and 021's reference data, name exactly the cached keys", () => {
    const read = (name: string) => readFileSync(join(import.meta.dirname, '../migrations', name), 'utf8');
    const sql = read('020_reference_version.sql') + read('021_reference_data_json.sql');
    const lists = sql.match(/IN \('[^)]*\)/g) ?? [];
    // The hash, the insert, update (old and new key) and delete triggers, the JSON.
    expect(lists).toHaveLength(6);
    for (const list of lists) {
      const keys = [...list.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
      expect(keys.sort()).toEqual([...REFERENCE_SETTING_KEYS].sort());
    }
  });
});
