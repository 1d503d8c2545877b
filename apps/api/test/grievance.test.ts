import { describe, expect, it } from 'vitest';
import type { ComplaintEscalation, OpsQueueItem, ResponseOf, opsConsoleComplaint } from '@lendview/contracts';
import { migrate } from '../src/db/migrate.ts';
import { grievanceOfficerProblems } from '../src/services/startup-checks.ts';
import { DEMO_GRIEVANCE_OFFICER, ensureGrievanceOfficer } from '../src/repositories/grievance-officer.ts';
import { setSetting } from '../src/repositories/settings.ts';
import { grievanceOfficerOf } from '../src/services/grievance.ts';
import { call, newBorrower, NOT_FOUND_EN } from './helpers/calls.ts';
import { consoleGet, consolePost, expectOk, insertComplaint, insertContact, operatorToken } from './helpers/ops-console.ts';
import { BACKENDS, GRIEVANCE_OFFICER, openTestDb, useTestApp } from './helpers/setup.ts';

// Issue 18 item 3: the grievance officer (app_settings, from GRIEVANCE_OFFICER_*) and the escalation of a complaint
// not answered within its due time (end of the 3rd working day after arrival), RBI for English, OJK for Indonesian.

type Item = { id: number; escalation: ComplaintEscalation | null };
type Tabs = { tabs: { state: string; items: Item[] }[] };
type Detail = { problemId: number; state: string; escalation: ComplaintEscalation | null };
type Queue = { items: OpsQueueItem[] };
type ConsoleDetail = ResponseOf<typeof opsConsoleComplaint>;

/** Monday 2026-03-02 10:00 Jakarta: the complaint is due at the end of Thursday 5 March (Tue, Wed, Thu). */
const FILED = new Date('2026-03-02T03:00:00.000Z');
const LAST_DUE_MS = new Date('2026-03-05T16:59:59.999Z'); // Thursday 23:59:59.999 Jakarta
const FIRST_LATE = new Date('2026-03-05T17:00:00.000Z'); // Friday 00:00 Jakarta

const RBI_EN: ComplaintEscalation = {
  overdue: true,
  dueAt: '2026-03-05T16:59:59.999Z',
  due: '2026-03-05 23:59:59',
  regulator: 'rbi',
  regulatorName: 'RBI Integrated Ombudsman',
  url: 'https://cms.rbi.org.in',
  phone: '14448',
  title: 'Not answered in time: how to escalate',
  text:
    'We promised to answer this complaint by the end of 2026-03-05 and have not. Please write first to our grievance officer, ' +
    'Test Grievance Officer (contact details on this page).',
  regulatorText:
    'If you do not receive a satisfactory answer within 30 days of your complaint, you may complain to the RBI Integrated ' +
    'Ombudsman online at cms.rbi.org.in or on the toll-free number 14448.',
};

const OJK_ID: ComplaintEscalation = {
  overdue: true,
  dueAt: '2026-03-05T16:59:59.999Z',
  due: '2026-03-05 23:59:59',
  regulator: 'ojk',
  regulatorName: 'Kontak OJK 157',
  url: 'https://kontak157.ojk.go.id',
  phone: '157',
  title: 'Belum dijawab tepat waktu: cara meneruskan pengaduan',
  text:
    'Kami berjanji menjawab pengaduan ini paling lambat akhir hari 2026-03-05, tetapi belum melakukannya. Silakan hubungi ' +
    'terlebih dahulu petugas pengaduan kami, Test Grievance Officer (kontaknya ada di halaman ini).',
  regulatorText:
    'Jika pengaduan Anda tidak diselesaikan dengan memuaskan, Anda dapat mengadu ke Otoritas Jasa Keuangan (OJK) melalui ' +
    'Kontak OJK 157 di kontak157.ojk.go.id atau telepon 157.',
};

describe.each(BACKENDS)('grievance redressal and escalation (%s)', (backend) => {
  const ctx = useTestApp(backend);

  async function fileComplaint(tok: string, text: string): Promise<number> {
    const saved = await call<{ problemId: number }>(ctx, '/user-problem/problem-save', { problemType: '2', problemDetail: text }, { tok });
    expect(saved.code, saved.message).toBe('00');
    return saved.data.problemId;
  }
  const listOf = async (tok: string, lang: 'en' | 'id') => {
    const r = await call<Tabs>(ctx, '/user-problem/problem-list', {}, { tok, lang });
    expect(r.code, r.message).toBe('00');
    return r.data;
  };
  const itemOf = (tabs: Tabs, id: number, state = 'all') => tabs.tabs.find((t) => t.state === state)!.items.find((i) => i.id === id);
  const detailOf = async (tok: string, id: number, lang: 'en' | 'id') => {
    const r = await call<Detail>(ctx, '/user-problem/problem-detail', { problemId: String(id) }, { tok, lang });
    expect(r.code, r.message).toBe('00');
    return r.data;
  };
  const escalationNow = async (tok: string, id: number, lang: 'en' | 'id') => {
    const [list, detail] = await Promise.all([listOf(tok, lang), detailOf(tok, id, lang)]);
    // The list (every tab that holds it) and the detail always agree.
    for (const tab of list.tabs) {
      const item = tab.items.find((i) => i.id === id);
      if (item) expect(item.escalation, tab.state).toEqual(detail.escalation);
    }
    return detail.escalation;
  };

  describe('the grievance officer', () => {
    it('grievanceOfficerOf gives exactly { name, phone, email, address } from app_settings, and follows edits', async () => {
      expect(await grievanceOfficerOf(ctx.db)).toEqual(GRIEVANCE_OFFICER);
      await setSetting(ctx.db, 'grievance_officer_name', 'Meera Iyer', ctx.clock.now());
      expect(await grievanceOfficerOf(ctx.db)).toEqual({ ...GRIEVANCE_OFFICER, name: 'Meera Iyer' });
      const res = await call<{ grievanceOfficer: unknown }>(ctx, '/v3/personal-center/contact-kf-info', { overall: '30' });
      expect(res.data.grievanceOfficer).toEqual({ ...GRIEVANCE_OFFICER, name: 'Meera Iyer' });
      await setSetting(ctx.db, 'grievance_officer_name', GRIEVANCE_OFFICER.name, ctx.clock.now());
    });

    it('the start writes missing rows only, never over an edited one; a missing row is an error, not a blank officer', async () => {
      const t = await openTestDb(backend);
      try {
        await migrate(t.db);
        await expect(grievanceOfficerOf(t.db)).rejects.toThrow(/grievance officer rows are missing/);
        await setSetting(t.db, 'grievance_officer_email', 'kept@lendview.test', new Date());
        await ensureGrievanceOfficer(t.db, GRIEVANCE_OFFICER);
        await ensureGrievanceOfficer(t.db, { name: 'Other', phone: '1', email: 'other@x.test', address: 'Elsewhere' });
        expect(await grievanceOfficerOf(t.db)).toEqual({ ...GRIEVANCE_OFFICER, email: 'kept@lendview.test' });
      } finally {
        await t.cleanup();
      }
    }, 60_000);

    it('production start-up check: refuses the demo officer, from the rows or from the variables the start would write', async () => {
      const t = await openTestDb(backend);
      try {
        await migrate(t.db);
        const REAL = {
          name: 'Meera Iyer',
          phone: '+91 22 6000 7000',
          email: 'gro@lender.example',
          address: '2 Bank Street, Mumbai 400001',
        };
        // Fresh database: the variables decide.
        expect(await grievanceOfficerProblems(t.db, REAL)).toEqual([]);
        const demoEnv = await grievanceOfficerProblems(t.db, { ...DEMO_GRIEVANCE_OFFICER });
        expect(demoEnv).toEqual([
          'The grievance officer shown to borrowers is still the demo placeholder (GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_PHONE, ' +
            'GRIEVANCE_OFFICER_EMAIL, GRIEVANCE_OFFICER_ADDRESS): set GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_PHONE, ' +
            'GRIEVANCE_OFFICER_EMAIL, GRIEVANCE_OFFICER_ADDRESS to your real officer (written at start when the app_settings rows ' +
            'are missing), or update the rows grievance_officer_name, grievance_officer_phone, grievance_officer_email, ' +
            'grievance_officer_address if they hold the demo values.',
        ]);
        // One field left at its demo value is named alone.
        const oneLeft = await grievanceOfficerProblems(t.db, { ...REAL, email: DEMO_GRIEVANCE_OFFICER.email });
        expect(oneLeft).toHaveLength(1);
        expect(oneLeft[0]).toMatch(/^The grievance officer shown to borrowers is still the demo placeholder \(GRIEVANCE_OFFICER_EMAIL\): /);
        // A database the demo wrote its officer into: the rows win over the variables (the start never overwrites them).
        await ensureGrievanceOfficer(t.db, DEMO_GRIEVANCE_OFFICER);
        expect(await grievanceOfficerProblems(t.db, REAL)).toHaveLength(1);
        for (const [field, value] of Object.entries(REAL)) await setSetting(t.db, `grievance_officer_${field}`, value, new Date());
        expect(await grievanceOfficerProblems(t.db, { ...DEMO_GRIEVANCE_OFFICER })).toEqual([]);
      } finally {
        await t.cleanup();
      }
    }, 60_000);
  });

  describe('escalation of a complaint not answered in time', () => {
    it('null while within its time; from the first instant after the due time RBI in English and OJK in Indonesian; null once answered', async () => {
      ctx.clock.set(FILED);
      const b = await newBorrower(ctx);
      const id = await fileComplaint(b.tok, 'My repayment of last week is not showing.');
      expect(await escalationNow(b.tok, id, 'en')).toBeNull();
      expect(itemOf(await listOf(b.tok, 'en'), id, 'processing')!.escalation).toBeNull();

      ctx.clock.set(LAST_DUE_MS);
      expect(await escalationNow(b.tok, id, 'en')).toBeNull();
      expect(await escalationNow(b.tok, id, 'id')).toBeNull();

      ctx.clock.set(FIRST_LATE);
      expect(await escalationNow(b.tok, id, 'en')).toEqual(RBI_EN);
      expect(await escalationNow(b.tok, id, 'id')).toEqual(OJK_ID);
      expect(itemOf(await listOf(b.tok, 'en'), id, 'processing')!.escalation).toEqual(RBI_EN);

      // Weeks later it is still the same due time, and still escalated.
      ctx.clock.set(new Date('2026-03-30T03:00:00Z'));
      expect((await escalationNow(b.tok, id, 'en'))?.dueAt).toBe(RBI_EN.dueAt);

      // Answered (late): never escalated again, in either language.
      const { token } = await operatorToken(ctx, 'grievance-agent');
      expectOk(await consolePost(ctx, '/ops/api/complaints/answer', { problemId: id, disposeDetail: 'Found and applied.' }, token));
      expect(await escalationNow(b.tok, id, 'en')).toBeNull();
      expect(await escalationNow(b.tok, id, 'id')).toBeNull();
      expect(itemOf(await listOf(b.tok, 'en'), id, 'processed')!.escalation).toBeNull();
      ctx.clock.set(FILED);
    });

    it('the due time counts working days: a public holiday in between moves it a day later', async () => {
      ctx.clock.set(FILED);
      const b = await newBorrower(ctx);
      const id = await fileComplaint(b.tok, 'Please explain the late charge on my loan.');
      await ctx.db.query(`INSERT INTO public_holidays (holiday_date, name, created_at) VALUES ('2026-03-03', 'Test holiday', now())`);
      try {
        ctx.clock.set(FIRST_LATE);
        expect(await escalationNow(b.tok, id, 'en')).toBeNull();
        ctx.clock.set(new Date('2026-03-06T17:00:00.000Z')); // Saturday 00:00 Jakarta
        expect(await escalationNow(b.tok, id, 'en')).toMatchObject({ due: '2026-03-06 23:59:59', regulator: 'rbi' });
        expect((await escalationNow(b.tok, id, 'en'))!.text).toContain('by the end of 2026-03-06');
      } finally {
        await ctx.db.query(`DELETE FROM public_holidays WHERE holiday_date = '2026-03-03'`);
        ctx.clock.set(FILED);
      }
    });

    it("another borrower's token sees neither the complaint nor its escalation", async () => {
      ctx.clock.set(FILED);
      const owner = await newBorrower(ctx);
      const other = await newBorrower(ctx);
      const id = await fileComplaint(owner.tok, 'Nobody answers my calls.');
      ctx.clock.set(FIRST_LATE);
      try {
        expect(await escalationNow(owner.tok, id, 'en')).toEqual(RBI_EN);
        const detail = await call(ctx, '/user-problem/problem-detail', { problemId: String(id) }, { tok: other.tok, lang: 'en' });
        expect([detail.status, detail.code, detail.data, detail.message]).toEqual([404, NOT_FOUND_EN.code, null, NOT_FOUND_EN.message]);
        expect((await listOf(other.tok, 'en')).tabs.flatMap((t) => t.items)).toEqual([]);
      } finally {
        ctx.clock.set(FILED);
      }
    });

    it('the console flags exactly the complaints borrowers are shown the escalation of: Escalated next to Overdue', async () => {
      ctx.clock.set(FILED);
      const b = await newBorrower(ctx);
      const late = await fileComplaint(b.tok, 'Escalation check: late complaint.');
      const answeredOld = await insertComplaint(ctx, { createdAt: '2026-02-02T03:00:00Z', answered: true, borrowerPhone: b.phone });
      const lateContact = await insertContact(ctx, { createdAt: '2026-03-02T03:00:00Z', message: 'Escalation check: contact.' });
      ctx.clock.set(FIRST_LATE);
      const fresh = await fileComplaint(b.tok, 'Escalation check: fresh complaint.');
      try {
        const { token } = await operatorToken(ctx, 'grievance-console');
        const queue = expectOk(await consoleGet<Queue>(ctx, '/ops/api/console/queue', { state: 'all', q: 'Escalation check' }, token));
        const flags = (kind: string, id: number) => {
          const item = queue.items.find((i) => i.kind === kind && i.id === id)!;
          return [item.overdue, item.escalated];
        };
        expect(flags('complaint', late)).toEqual([true, true]);
        expect(flags('complaint', fresh)).toEqual([false, false]);
        // A contact message is overdue too, but nobody is shown an escalation for it.
        expect(flags('contact', lateContact)).toEqual([true, false]);
        const old = expectOk(
          await consoleGet<Queue>(ctx, '/ops/api/console/queue', { state: 'processed', q: 'My repayment is not showing' }, token),
        );
        expect(old.items.find((i) => i.id === answeredOld)).toMatchObject({ overdue: false, escalated: false });

        // The item page: the same flag; and it agrees with what the borrower is shown.
        const page = expectOk(await consoleGet<ConsoleDetail>(ctx, '/ops/api/console/complaint', { id: late }, token));
        expect(page.complaint).toMatchObject({ id: late, overdue: true, escalated: true, dueAt: RBI_EN.dueAt });
        expect((await detailOf(b.tok, late, 'id')).escalation).toMatchObject({ regulator: 'ojk', dueAt: page.complaint.dueAt });
        const freshPage = expectOk(await consoleGet<ConsoleDetail>(ctx, '/ops/api/console/complaint', { id: fresh }, token));
        expect(freshPage.complaint.escalated).toBe(false);
        expect((await detailOf(b.tok, fresh, 'en')).escalation).toBeNull();
        // The answered one: detail null for the borrower, not escalated for the console.
        expect((await detailOf(b.tok, answeredOld, 'en')).escalation).toBeNull();
      } finally {
        ctx.clock.set(FILED);
      }
    });
  });
});
