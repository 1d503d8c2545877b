import { describe, expect, it } from 'vitest';
import type { OpsAuditEntry, OpsQueueItem, ResponseOf, opsConsoleComplaint } from '@lendview/contracts';
import { call, MAIN } from './helpers/calls.ts';
import { clearQueue, consoleGet, consolePost, expectOk, insertComplaint, insertContact, operatorToken } from './helpers/ops-console.ts';
import { BACKENDS, envelopeOf, useTestApp } from './helpers/setup.ts';
import { tinyPng, uploadAs } from './helpers/uploads.ts';

type Queue = { items: OpsQueueItem[]; total: number; page: number; pageSize: number };
type Detail = ResponseOf<typeof opsConsoleComplaint>;

const QUEUE = '/ops/api/console/queue';
const FORBIDDEN_EN = { code: 'FORBIDDEN', data: null, message: 'Your role does not allow this action.' };
const OPS_UNAUTHORIZED_EN = { code: 'UNAUTHORIZED', data: null, message: 'Please log in to the back office.' };
const CONFLICT_ASSIGN_EN = 'Someone else changed who has this item meanwhile. Reload it to see who has it now.';

// The suite's clock starts on Monday 2026-03-02 10:00 in Jakarta (03:00 UTC).
describe.each(BACKENDS)('support console API (%s)', (backend) => {
  const ctx = useTestApp(backend);

  describe('due time: 3 working days, Mon-Fri, minus the holidays table', () => {
    it('a Wednesday complaint is due at the end of the next Monday; a holiday on Thursday moves it to Tuesday; overdue from the first second after', async () => {
      await clearQueue(ctx);
      ctx.clock.set(new Date('2026-03-04T03:00:00Z'));
      const { token } = await operatorToken(ctx, 'due-agent');
      // Wednesday 2026-03-04 10:00 Jakarta: Thu 5, Fri 6, (weekend 7-8), Mon 9.
      const id = await insertComplaint(ctx, { createdAt: '2026-03-04T03:00:00Z' });
      let [item] = expectOk(await consoleGet<Queue>(ctx, QUEUE, {}, token)).items;
      expect(item).toMatchObject({ kind: 'complaint', id, due: '2026-03-09 23:59:59', dueAt: '2026-03-09T16:59:59.999Z', overdue: false });

      // Thursday 5 becomes a holiday: Fri 6, Mon 9, Tue 10.
      const added = await consolePost(ctx, '/ops/api/console/holidays/add', { date: '2026-03-05', name: 'Test holiday' }, token);
      expect(added.message).toBe('The public holiday has been added.');
      expect(expectOk(added)).toMatchObject({ date: '2026-03-05', name: 'Test holiday', createdBy: 'due-agent' });
      [item] = expectOk(await consoleGet<Queue>(ctx, QUEUE, {}, token)).items;
      expect(item).toMatchObject({ due: '2026-03-10 23:59:59', overdue: false });

      ctx.clock.set(new Date('2026-03-10T16:59:59Z')); // Tuesday 23:59:59 Jakarta
      // Sessions last 12 hours: a fresh one at the new time.
      const { token: later } = await operatorToken(ctx, 'due-agent');
      [item] = expectOk(await consoleGet<Queue>(ctx, QUEUE, {}, later)).items;
      expect(item!.overdue).toBe(false);
      expect(expectOk(await consoleGet<Queue>(ctx, QUEUE, { overdueOnly: '1' }, later)).items).toEqual([]);
      ctx.clock.set(new Date('2026-03-10T17:00:00Z')); // Wednesday 00:00 Jakarta
      [item] = expectOk(await consoleGet<Queue>(ctx, QUEUE, {}, later)).items;
      expect(item!.overdue).toBe(true);
      expect(expectOk(await consoleGet<Queue>(ctx, QUEUE, { overdueOnly: '1' }, later)).items.map((i) => i.id)).toEqual([id]);

      // Removing the holiday brings the due day back to Monday (already past: still overdue).
      const removed = await consolePost(ctx, '/ops/api/console/holidays/remove', { date: '2026-03-05' }, later);
      expect(removed.message).toBe('The public holiday has been removed.');
      [item] = expectOk(await consoleGet<Queue>(ctx, QUEUE, {}, later)).items;
      expect(item).toMatchObject({ due: '2026-03-09 23:59:59', overdue: true });

      // Both holiday changes are in the holiday trail, with who and when.
      const trail = expectOk(await consoleGet<{ items: OpsAuditEntry[] }>(ctx, '/ops/api/console/audit', { kind: 'holiday' }, later)).items;
      expect(trail.map((a) => [a.action, a.itemId, a.operator])).toEqual([
        ['holiday_add', '2026-03-05', 'due-agent'],
        ['holiday_remove', '2026-03-05', 'due-agent'],
      ]);
      expect(trail[0]!.time).toBe('2026-03-04 10:00:00');
    });

    it('a Friday-evening complaint is due Wednesday; one sent on Saturday too', async () => {
      await clearQueue(ctx);
      ctx.clock.set(new Date('2026-03-09T03:00:00Z'));
      const { token } = await operatorToken(ctx, 'due-agent');
      await insertComplaint(ctx, { createdAt: '2026-03-06T12:00:00Z' }); // Fri 19:00 Jakarta
      await insertComplaint(ctx, { createdAt: '2026-03-07T02:00:00Z' }); // Sat 09:00
      const items = expectOk(await consoleGet<Queue>(ctx, QUEUE, {}, token)).items;
      expect(items.map((i) => i.due)).toEqual(['2026-03-11 23:59:59', '2026-03-11 23:59:59']);
    });

    it('holidays: a date already a holiday is 409, an unknown one 404, a date that does not exist 400; list by year', async () => {
      const { token } = await operatorToken(ctx, 'due-agent');
      expectOk(await consolePost(ctx, '/ops/api/console/holidays/add', { date: '2027-05-01', name: 'Labour Day' }, token));
      const again = await consolePost(ctx, '/ops/api/console/holidays/add', { date: '2027-05-01', name: 'Again' }, token);
      expect([again.status, again.code, again.message]).toEqual([409, 'CONFLICT', 'This date is already a public holiday.']);
      const missing = await consolePost(ctx, '/ops/api/console/holidays/remove', { date: '2027-05-02' }, token);
      expect([missing.status, missing.code]).toEqual([404, 'NOT_FOUND']);
      for (const date of ['2027-02-30', '27-05-01', '', "2027-05-01' OR 1=1"]) {
        const bad = await consolePost(ctx, '/ops/api/console/holidays/add', { date, name: 'x' }, token);
        expect(bad.status, date).toBe(400);
      }
      const list = expectOk(await consoleGet<{ items: { date: string }[] }>(ctx, '/ops/api/console/holidays', { year: 2027 }, token)).items;
      expect(list.map((h) => h.date)).toEqual(['2027-05-01']);
      // The demo calendar (Indonesian and Indian holidays) is there for 2026.
      const demo = expectOk(await consoleGet<{ items: { date: string }[] }>(ctx, '/ops/api/console/holidays', { year: 2026 }, token)).items;
      expect(demo.map((h) => h.date)).toContain('2026-08-17');
      expect(demo.map((h) => h.date)).toContain('2026-01-26');
    });
  });

  describe('queue: order, paging, filters, search', () => {
    it('overdue first, then oldest; answered ones are never overdue; pages hold the rest', async () => {
      await clearQueue(ctx);
      ctx.clock.set(new Date('2026-03-16T03:00:00Z')); // Monday 16 March
      const { token } = await operatorToken(ctx, 'queue-agent');
      const answeredOld = await insertComplaint(ctx, { createdAt: '2026-02-02T03:00:00Z', answered: true });
      const overdueOld = await insertComplaint(ctx, { createdAt: '2026-02-20T03:00:00Z' });
      const overdueContact = await insertContact(ctx, { createdAt: '2026-03-02T03:00:00Z' });
      const fresh = await insertComplaint(ctx, { createdAt: '2026-03-16T01:00:00Z' });
      const freshContact = await insertContact(ctx, { createdAt: '2026-03-16T02:00:00Z' });

      const all = expectOk(await consoleGet<Queue>(ctx, QUEUE, { state: 'all' }, token));
      expect(all.total).toBe(5);
      expect(all.items.map((i) => [i.kind, i.id, i.overdue])).toEqual([
        ['complaint', overdueOld, true],
        ['contact', overdueContact, true],
        ['complaint', answeredOld, false],
        ['complaint', fresh, false],
        ['contact', freshContact, false],
      ]);

      const open = expectOk(await consoleGet<Queue>(ctx, QUEUE, { pageSize: 2 }, token));
      expect([open.total, open.page, open.pageSize]).toEqual([4, 1, 2]);
      expect(open.items.map((i) => i.id)).toEqual([overdueOld, overdueContact]);
      const page2 = expectOk(await consoleGet<Queue>(ctx, QUEUE, { pageSize: 2, page: 2 }, token));
      expect(page2.items.map((i) => [i.kind, i.id])).toEqual([
        ['complaint', fresh],
        ['contact', freshContact],
      ]);
      const page3 = expectOk(await consoleGet<Queue>(ctx, QUEUE, { pageSize: 2, page: 3 }, token));
      expect([page3.items, page3.total]).toEqual([[], 4]);
      const contactItem = all.items.find((i) => i.kind === 'contact')!;
      expect(contactItem).toMatchObject({
        type: 'Contact message',
        name: 'Asha Rao',
        phone: '987****3210',
        problemType: null,
        source: 'contact',
      });
    });

    it('filters: kind, state, collection type and harassment sub-type, order, phone (whole or last digits), age, assignee, text', async () => {
      await clearQueue(ctx);
      ctx.clock.set(new Date('2026-03-16T03:00:00Z'));
      const { token, id: me } = await operatorToken(ctx, 'filter-agent');
      const harassment = await insertComplaint(ctx, {
        createdAt: '2026-03-13T03:00:00Z',
        orderNo: 'DEMO-180',
        type: 1,
        subType: 1,
        text: 'The collector calls me at night',
      });
      const otherCollection = await insertComplaint(ctx, { createdAt: '2026-03-12T03:00:00Z', orderNo: 'DEMO-170', type: 1, subType: 2 });
      const second = await insertComplaint(ctx, {
        createdAt: '2026-03-01T03:00:00Z',
        borrowerPhone: '13800000001',
        text: '100% wrong fee_x',
      });
      const contact = await insertContact(ctx, {
        createdAt: '2026-03-15T03:00:00Z',
        phone: '628123456789',
        email: 'rina@mail.co.id',
        name: 'Rina',
      });
      const ids = async (q: Record<string, string | number>) =>
        expectOk(await consoleGet<Queue>(ctx, QUEUE, q, token)).items.map((i) => `${i.kind}:${i.id}`);

      expect(await ids({ kind: 'contact' })).toEqual([`contact:${contact}`]);
      expect(await ids({ problemType: 1 })).toEqual([`complaint:${otherCollection}`, `complaint:${harassment}`]);
      expect(await ids({ problemType: 1, sonType: 1 })).toEqual([`complaint:${harassment}`]);
      expect(await ids({ orderNo: 'DEMO-180' })).toEqual([`complaint:${harassment}`]);
      expect(await ids({ phone: '13800000001' })).toEqual([`complaint:${second}`]);
      expect(await ids({ phone: '0001' })).toEqual([`complaint:${second}`]);
      expect(await ids({ phone: '6789' })).toEqual([`contact:${contact}`]);
      expect(await ids({ phone: '0000' })).toEqual([`complaint:${otherCollection}`, `complaint:${harassment}`]);
      // Age: at least 10 days old / at most 2 days old (24 h periods from now).
      expect(await ids({ minAgeDays: 10 })).toEqual([`complaint:${second}`]);
      expect(await ids({ maxAgeDays: 2 })).toEqual([`contact:${contact}`]);
      // Free text: the complaint's text, the contact's e-mail; % and _ are taken literally.
      expect(await ids({ q: 'COLLECTOR calls' })).toEqual([`complaint:${harassment}`]);
      expect(await ids({ q: 'mail.co' })).toEqual([`contact:${contact}`]);
      expect(await ids({ q: '100%' })).toEqual([`complaint:${second}`]);
      expect(await ids({ q: '%' })).toEqual([`complaint:${second}`]);
      expect(await ids({ q: 'e_x' })).toEqual([`complaint:${second}`]);
      expect(await ids({ q: "'; DROP TABLE complaints; --" })).toEqual([]);
      // The phone is shown masked, type titles in the operator's language.
      const item = expectOk(await consoleGet<Queue>(ctx, QUEUE, { orderNo: 'DEMO-180' }, token, 'id')).items[0]!;
      expect(item).toMatchObject({
        phone: '138****0000',
        type: 'Penagihan',
        sonType: 'Telepon atau pesan yang mengganggu',
        problemType: 1,
      });

      expectOk(await consolePost(ctx, '/ops/api/console/assign', { kind: 'contact', id: contact, operatorId: me }, token));
      expect(await ids({ assignee: 'me' })).toEqual([`contact:${contact}`]);
      expect(await ids({ assignee: String(me) })).toEqual([`contact:${contact}`]);
      expect(await ids({ assignee: 'unassigned', kind: 'contact' })).toEqual([]);
    });

    it('hostile or malformed queries answer 400 envelopes, never 500', async () => {
      const { token } = await operatorToken(ctx, 'queue-agent');
      const hostile: Record<string, string | number>[] = [
        { page: 0 },
        { page: -1 },
        { pageSize: 1000 },
        { page: '1e3' },
        { state: 'open; DROP' },
        { kind: 'x' },
        { phone: 'abc' },
        { phone: '12' },
        { problemType: '99999999999' },
        { assignee: 'someone' },
        { minAgeDays: -1 },
        { q: 'x'.repeat(101) },
        { q: 'a\u0000b' },
      ];
      for (const q of hostile) {
        const r = await consoleGet(ctx, QUEUE, q, token);
        expect(r.status, JSON.stringify(q)).toBe(400);
        expect(r.code).toBe('BAD_REQUEST');
      }
      const huge = await consoleGet(ctx, '/ops/api/console/complaint', { id: '99999999999' }, token);
      expect(huge.status).toBe(400);
      const unknown = await consoleGet(ctx, '/ops/api/console/complaint', { id: 2147483647 }, token);
      expect(unknown.status).toBe(404);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/ops/api/console/photo/..%2F..%2Fetc%2Fpasswd',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(404);
      envelopeOf(res);
    });
  });

  describe('access', () => {
    it('another role gets 403 and no token 401 on every console endpoint, before any input check', async () => {
      const { token: marketing } = await operatorToken(ctx, 'mkt-person', 'marketing');
      const gets = [
        '/ops/api/console/queue',
        '/ops/api/console/complaint',
        '/ops/api/console/contact',
        '/ops/api/console/operators',
        '/ops/api/console/problem-types',
        '/ops/api/console/audit',
        '/ops/api/console/holidays',
        '/ops/api/console/photo/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ];
      const posts = [
        '/ops/api/console/assign',
        '/ops/api/console/notes',
        '/ops/api/console/contact/close',
        '/ops/api/console/holidays/add',
        '/ops/api/console/holidays/remove',
      ];
      for (const path of gets) {
        const r = await ctx.app.inject({
          method: 'GET',
          url: path,
          headers: { 'accept-language': 'en', authorization: `Bearer ${marketing}` },
        });
        expect([r.statusCode, envelopeOf(r)], path).toEqual([403, FORBIDDEN_EN]);
        const anon = await ctx.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en' } });
        expect([anon.statusCode, envelopeOf(anon)], path).toEqual([401, OPS_UNAUTHORIZED_EN]);
      }
      for (const path of posts) {
        const r = await consolePost(ctx, path, {}, marketing);
        expect([r.status, r.code, r.message], path).toEqual([403, 'FORBIDDEN', FORBIDDEN_EN.message]);
      }
      // A borrower's session token is not an operator token.
      const borrower = await ctx.app.inject({ method: 'GET', url: `${QUEUE}?tok=${MAIN}`, headers: { 'accept-language': 'en' } });
      expect(borrower.statusCode).toBe(401);
    });
  });

  describe('detail, photos, assignment, notes, answer, audit', () => {
    it('detail: order summary in minor units, earlier complaints, chatbot transcript, photos through the bearer session, CSAT once rated', async () => {
      await clearQueue(ctx);
      ctx.clock.set(new Date('2026-03-16T03:00:00Z'));
      const { token } = await operatorToken(ctx, 'detail-agent');
      const { token: marketing } = await operatorToken(ctx, 'mkt-person', 'marketing');
      const earlier = await insertComplaint(ctx, { createdAt: '2026-02-01T03:00:00Z', answered: true, text: 'Earlier one' });
      const qa = await call(
        ctx,
        '/h5-api/v3/user-problem/qa-record',
        { orderNo: '', type: '4', value: 'how do I repay', qaId: '0' },
        { tok: MAIN, lang: 'en' },
      );
      expect(qa.code).toBe('00');
      const up = envelopeOf(await uploadAs(ctx, MAIN, { bytes: tinyPng(21) })) as { data: { url: string } };
      const saved = await call<{ problemId: number }>(
        ctx,
        '/user-problem/problem-save',
        { problemType: '2', problemSonType: '0', problemDetail: 'Paid but still unpaid', problemImage: up.data.url, orderNo: 'DEMO-170' },
        { tok: MAIN },
      );
      expect(saved.code).toBe('00');
      const id = saved.data.problemId;

      const detail = expectOk(await consoleGet<Detail>(ctx, '/ops/api/console/complaint', { id }, token));
      const [order] = await ctx.db.query<{ principal: number; amount_due: number; paid_amount: number; status: number }>(
        'SELECT principal, amount_due, paid_amount, status FROM orders WHERE order_no = $1',
        ['DEMO-170'],
      );
      expect(detail.order).toMatchObject({
        orderNo: 'DEMO-170',
        status: order!.status,
        principal: order!.principal,
        amountDue: order!.amount_due,
        paidAmount: order!.paid_amount,
        outstanding: order!.amount_due - order!.paid_amount,
      });
      expect(Number.isInteger(detail.order!.principal)).toBe(true);
      expect(detail.earlier.map((c) => c.id)).toEqual([earlier]);
      expect(detail.transcript.at(-1)).toMatchObject({ type: 4, value: 'how do I repay', matched: true });
      expect(detail.complaint).toMatchObject({ content: 'Paid but still unpaid', score: null, state: 'processing' });
      expect(detail.complaint.images).toHaveLength(1);
      const photo = detail.complaint.images[0]!;
      expect(photo).toMatch(/^\/ops\/api\/console\/photo\/[A-Za-z0-9_-]{32}$/);

      const img = await ctx.app.inject({ method: 'GET', url: photo, headers: { authorization: `Bearer ${token}` } });
      // Uploads are re-encoded (JPEG) when stored.
      expect([img.statusCode, img.headers['content-type'], img.headers['x-content-type-options']]).toEqual([200, 'image/jpeg', 'nosniff']);
      expect(img.rawPayload.length).toBeGreaterThan(0);
      expect((await ctx.app.inject({ method: 'GET', url: photo })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: photo, headers: { authorization: `Bearer ${marketing}` } })).statusCode).toBe(403);
      // A borrower's upload not attached to any complaint is not the console's to see.
      const loose = envelopeOf(await uploadAs(ctx, MAIN, { bytes: tinyPng(22) })) as { data: { url: string } };
      const looseId = loose.data.url.split('/').pop()!;
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/ops/api/console/photo/${looseId}`, headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(404);

      // Answer, the borrower rates, the score shows.
      const answer = await consolePost(
        ctx,
        '/ops/api/complaints/answer',
        { problemId: id, disposeDetail: 'We found your payment.' },
        token,
      );
      expect(answer.message).toBe('The answer has been sent to the borrower.');
      const rated = await call(ctx, '/user-problem/save-score', { problemId: String(id), score: '4' }, { tok: MAIN, lang: 'en' });
      expect(rated.code).toBe('00');
      const after = expectOk(await consoleGet<Detail>(ctx, '/ops/api/console/complaint', { id }, token));
      expect(after.complaint).toMatchObject({
        state: 'processed',
        score: 4,
        disposeDetail: 'We found your payment.',
        disposeAgent: 'detail-agent',
      });
      expect(after.complaint.scoredAt).not.toBeNull();
      const queued = expectOk(await consoleGet<Queue>(ctx, QUEUE, { state: 'processed', orderNo: 'DEMO-170' }, token)).items[0];
      expect(queued!.score).toBe(4);
    });

    it('assign to me, to a colleague, unassign; notes; each with an audit row naming who and when', async () => {
      await clearQueue(ctx);
      ctx.clock.set(new Date('2026-03-16T03:00:00Z'));
      const { token, id: me } = await operatorToken(ctx, 'assign-agent');
      const { id: colleague } = await operatorToken(ctx, 'assign-colleague');
      const { id: marketer } = await operatorToken(ctx, 'mkt-person', 'marketing');
      const id = await insertComplaint(ctx, { createdAt: '2026-03-13T03:00:00Z' });

      const ops = expectOk(
        await consoleGet<{ items: { username: string }[]; me: { id: number } }>(ctx, '/ops/api/console/operators', {}, token),
      );
      expect(ops.me.id).toBe(me);
      expect(ops.items.map((o) => o.username)).toEqual(expect.arrayContaining(['assign-agent', 'assign-colleague']));
      expect(ops.items.map((o) => o.username)).not.toContain('mkt-person');

      const mine = await consolePost(ctx, '/ops/api/console/assign', { kind: 'complaint', id, operatorId: me }, token);
      expect(mine.message).toBe('The assignment has been saved.');

      // The queue's type filters come from the database, in the operator's language.
      type Types = { items: { value: number; title: string; subTypes: { value: number; title: string }[] }[] };
      const en = expectOk(await consoleGet<Types>(ctx, '/ops/api/console/problem-types', {}, token));
      expect(en.items.map((t) => [t.value, t.title])).toEqual([
        [1, 'Collection'],
        [2, 'Repayment'],
        [3, 'Loan application'],
        [4, 'Account and app'],
        [5, 'Other'],
      ]);
      expect(en.items[0]!.subTypes.map((s) => s.title)).toEqual([
        'Harassing calls or messages',
        'Contacting my family or friends',
        'Abusive or threatening language',
        'Other collection issue',
      ]);
      expect(en.items.slice(1).every((t) => t.subTypes.length === 0)).toBe(true);
      const id_ = expectOk(await consoleGet<Types>(ctx, '/ops/api/console/problem-types', {}, token, 'id'));
      expect(id_.items[0]).toMatchObject({
        value: 1,
        title: 'Penagihan',
        subTypes: [{ value: 1, title: 'Telepon atau pesan yang mengganggu' }, {}, {}, {}],
      });
      expect(expectOk(mine)).toEqual({ kind: 'complaint', id, assignee: { id: me, username: 'assign-agent' } });
      // Same again: success, nothing changes.
      expectOk(await consolePost(ctx, '/ops/api/console/assign', { kind: 'complaint', id, operatorId: me }, token));
      // Stale view (thinks nobody has it) → conflict.
      const stale = await consolePost(ctx, '/ops/api/console/assign', { kind: 'complaint', id, operatorId: colleague }, token);
      expect([stale.status, stale.code, stale.message]).toEqual([409, 'CONFLICT', CONFLICT_ASSIGN_EN]);
      expectOk(
        await consolePost(ctx, '/ops/api/console/assign', { kind: 'complaint', id, operatorId: colleague, expectedAssigneeId: me }, token),
      );
      const toMarketing = await consolePost(
        ctx,
        '/ops/api/console/assign',
        { kind: 'complaint', id, operatorId: marketer, expectedAssigneeId: colleague },
        token,
      );
      expect([toMarketing.status, toMarketing.message]).toEqual([400, 'Choose an active support operator.']);
      expectOk(
        await consolePost(ctx, '/ops/api/console/assign', { kind: 'complaint', id, operatorId: 0, expectedAssigneeId: colleague }, token),
      );
      const gone = await consolePost(ctx, '/ops/api/console/assign', { kind: 'complaint', id: 2147483000, operatorId: me }, token);
      expect(gone.status).toBe(404);

      const note = await consolePost(
        ctx,
        '/ops/api/console/notes',
        { kind: 'complaint', id, text: '  Called the borrower,\r\nno answer  ' },
        token,
      );
      expect(note.message).toBe('The note has been saved.');
      expect(expectOk(note)).toMatchObject({
        operator: 'assign-agent',
        text: 'Called the borrower,\nno answer',
        time: '2026-03-16 10:00:00',
      });
      const blank = await consolePost(ctx, '/ops/api/console/notes', { kind: 'complaint', id, text: '   ' }, token);
      expect(blank.status).toBe(400);
      const detail = expectOk(await consoleGet<{ notes: { text: string }[] }>(ctx, '/ops/api/console/complaint', { id }, token));
      expect(detail.notes.map((n) => n.text)).toEqual(['Called the borrower,\nno answer']);

      const trail = expectOk(
        await consoleGet<{ items: OpsAuditEntry[] }>(ctx, '/ops/api/console/audit', { kind: 'complaint', id }, token),
      ).items;
      expect(trail.map((a) => [a.action, a.operator, a.detail.to ?? null])).toEqual([
        ['assign', 'assign-agent', 'assign-agent'],
        ['assign', 'assign-agent', 'assign-colleague'],
        ['unassign', 'assign-agent', null],
        ['note', 'assign-agent', null],
      ]);
      expect(trail.every((a) => a.time === '2026-03-16 10:00:00' && a.itemId === String(id))).toBe(true);
      // The trail cannot be edited afterwards.
      await expect(ctx.db.query('DELETE FROM ops_audit')).rejects.toThrow(/append-only/);
    });

    it('20 agents take the same complaint at once: one gets it, 19 get a clean 409; 20 answers at once: one answer, one audit row', async () => {
      await clearQueue(ctx);
      ctx.clock.set(new Date('2026-03-16T03:00:00Z'));
      const id = await insertComplaint(ctx, { createdAt: '2026-03-13T03:00:00Z' });
      const agents = await Promise.all(Array.from({ length: 20 }, (_, i) => operatorToken(ctx, `race-agent-${i}`)));
      const results = await Promise.all(
        agents.map((a) => consolePost(ctx, '/ops/api/console/assign', { kind: 'complaint', id, operatorId: a.id }, a.token)),
      );
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      const losers = results.filter((r) => r.status !== 200);
      expect(losers.every((r) => r.status === 409 && r.code === 'CONFLICT' && r.message === CONFLICT_ASSIGN_EN)).toBe(true);
      const [row] = await ctx.db.query<{ assignee_id: number }>('SELECT assignee_id FROM complaints WHERE id = $1', [id]);
      expect(row!.assignee_id).toBe(winners[0]!.data.assignee && (winners[0]!.data.assignee as { id: number }).id);
      const assignRows = await ctx.db.query(
        "SELECT 1 FROM ops_audit WHERE item_kind = 'complaint' AND item_id = $1 AND action = 'assign'",
        [String(id)],
      );
      expect(assignRows).toHaveLength(1);

      const answers = await Promise.all(
        agents.map((a, i) => consolePost(ctx, '/ops/api/complaints/answer', { problemId: id, disposeDetail: `Answer ${i}` }, a.token)),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(
        answers.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.message === 'This complaint has already been answered.'),
      ).toBe(true);
      const answerRows = await ctx.db.query(
        "SELECT 1 FROM ops_audit WHERE item_kind = 'complaint' AND item_id = $1 AND action = 'answer'",
        [String(id)],
      );
      expect(answerRows).toHaveLength(1);
    });

    it('contact messages: detail with full contact details, notes, close once (409 after), audited', async () => {
      await clearQueue(ctx);
      ctx.clock.set(new Date('2026-03-16T03:00:00Z'));
      const { token } = await operatorToken(ctx, 'contact-agent');
      const id = await insertContact(ctx, { createdAt: '2026-03-16T01:00:00Z', email: 'asha@mail.example.in' });
      const detail = expectOk(await consoleGet<{ message: Record<string, unknown> }>(ctx, '/ops/api/console/contact', { id }, token));
      expect(detail.message).toMatchObject({
        kind: 'contact',
        fullPhone: '9876543210',
        phone: '987****3210',
        email: 'asha@mail.example.in',
        state: 'processing',
        reply: '',
      });

      const closes = await Promise.all(
        [1, 2, 3].map((n) => consolePost(ctx, '/ops/api/console/contact/close', { id, reply: `Called back ${n}` }, token)),
      );
      expect(closes.filter((r) => r.status === 200)).toHaveLength(1);
      expect(closes.filter((r) => r.status === 409).map((r) => r.message)).toEqual([
        'This message has already been closed.',
        'This message has already been closed.',
      ]);
      const closed = expectOk(
        await consoleGet<{ message: Record<string, unknown> }>(ctx, '/ops/api/console/contact', { id }, token),
      ).message;
      expect(closed).toMatchObject({ state: 'processed', closedBy: 'contact-agent' });
      expect(expectOk(await consoleGet<Queue>(ctx, QUEUE, { kind: 'contact' }, token)).items).toEqual([]);
      const trail = expectOk(
        await consoleGet<{ items: OpsAuditEntry[] }>(ctx, '/ops/api/console/audit', { kind: 'contact', id }, token),
      ).items;
      expect(trail.map((a) => a.action)).toEqual(['contact_close']);
      const unknown = await consolePost(ctx, '/ops/api/console/contact/close', { id: 2147483000, reply: 'x' }, token);
      expect(unknown.status).toBe(404);
    });
  });
});
